"""Pillow drawings of engine views (never of full states): boards, private hands, final scores."""
