"""The host service, storage, settings, the Discord adapter and the offline terminal player."""
