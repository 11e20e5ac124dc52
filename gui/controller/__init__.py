"""The only part of the GUI that imports `engine`: it turns the engine's API into Qt signals,
plain values and controller-defined types for the widgets."""
