"""The Discord adapter: the /fish commands, persistent components, DMs, threads and timers over the host."""
