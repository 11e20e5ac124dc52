"""A command's steps alone: which events make a step, and the steps shown one per pause."""
from __future__ import annotations

from types import SimpleNamespace

from gui.controller.steps import Step, StepShow, steps_of
from gui.controller.types import LogEntry


def event(text: str, seen: bool = True, space: str = "") -> SimpleNamespace:
    return SimpleNamespace(text=text, seen=seen, space=space)


def entries(events) -> list[LogEntry]:
    return [LogEntry(e.text) for e in events if e.seen]


def spaces(e) -> list[str]:
    return [e.space] if e.space else []


def test_a_step_per_event_the_viewer_sees_at_the_position_recorded_last() -> None:
    first, hidden, second, late = event("a", space="x1"), event("h", seen=False), event("b"), event("l", seen=False)
    steps = steps_of([first, hidden, second, late], [(hidden, b"after h"), (second, b"after b"), (late, b"end")],
                     entries, spaces)
    assert steps == [Step([LogEntry("a")], ["x1"], b"after h"),   # a hidden event moves the position on
                     Step([LogEntry("b")], [], b"end")]
    assert steps_of([event("c")], [], entries, spaces) == [Step([LogEntry("c")], [], None)]  # none recorded


def test_the_steps_show_one_per_pause_and_finish_shows_the_rest_at_once(qtbot) -> None:
    show = StepShow(lambda: 0)
    shown: list[list[LogEntry]] = []
    show.step_shown.connect(shown.append)
    steps = [Step([LogEntry(t)], [t], t.encode()) for t in "abcd"]
    assert show.begin(steps) is steps[0] and show.position == b"a" and show.is_showing()
    assert show.waiting_entries() == 3
    with qtbot.waitSignal(show.step_shown):
        show.wait()
    assert shown == [[LogEntry("b")]] and show.position == b"b" and show.waiting_entries() == 2
    assert show.finish() and shown[-1] == [LogEntry("c"), LogEntry("d")]
    assert not show.is_showing() and show.position is None and not show.finish()


def test_the_last_step_is_on_show_for_a_pause_before_the_command_ends(qtbot) -> None:
    show = StepShow(lambda: 0)
    spaces_shown: list[list[str]] = []
    show.spaces_touched.connect(spaces_shown.append)
    show.begin([Step([LogEntry("a")], [], None), Step([LogEntry("b")], ["b2"], None)])
    with qtbot.waitSignal(show.ended, timeout=2000):
        show.wait()
    assert spaces_shown == [["b2"]] and show.is_showing()  # over once the session calls finish()
    show.drop()
    assert not show.is_showing()
