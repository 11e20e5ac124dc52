"""Tablekeeper's desktop app: the Qt shell around the rules engine.

Only `gui.controller` talks to `engine`; every other module here works with plain values and the
controller's own types, so the wall between rules and pixels stays checkable.
"""
