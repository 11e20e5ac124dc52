"""Board drawing: the generic view, and later one drawing module per kind of board."""
