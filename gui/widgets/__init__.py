"""Widgets and dialogs around the board. None of them imports `engine`."""
