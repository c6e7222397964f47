"""Long lists of moves offered in short steps, built from the words of the canonical text.

A seat may have a hundred legal actions (Rigadoon's sails) while a Discord menu holds 25. The
canonical text is hierarchical (``sail g5 s 1 aground``: which ship, which course, how far), so
the steps are cut at word boundaries: each step groups the remaining actions by as many next
words as still fit in 25 options, a group of one action is offered as that action, a step with
a single option is skipped, and when even one word gives too many groups (36 squares of a
6x6 board) the groups are cut into ranges that never split a group. No game is named here: a
game shapes its steps through its canonical text and names them through ``label``.

A place in the steps is a string: a whole-word prefix (``sail g5``), optionally followed by
``#k`` for the k-th range of that prefix's groups. ``""`` is the first step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MAX_OPTIONS = 25
RANGE = "#"

Label = Callable[[str], str]


@dataclass(frozen=True)
class Choice:
    """One entry of a step: a legal action (``final``) or the place of a deeper step."""

    value: str
    label: str
    final: bool


@dataclass(frozen=True)
class Step:
    """What a player picks from now: ``title`` names the group the options belong to."""

    place: str
    title: str
    options: tuple[Choice, ...]
    parent: str | None  # the place "Back" returns to; None on the first step


def _words(text: str) -> list[str]:
    return text.split() if text else []


def _under(actions: list[str], prefix: str) -> list[str]:
    """The actions inside the group named by the whole-word ``prefix``."""
    if not prefix:
        return list(actions)
    return [a for a in actions if a == prefix or a.startswith(prefix + " ")]


def _groups(members: list[str], prefix: str, depth: int) -> dict[str, list[str]]:
    """``members`` grouped by their next ``depth`` words after ``prefix``, in list order."""
    start = len(_words(prefix))
    groups: dict[str, list[str]] = {}
    for action in members:
        groups.setdefault(" ".join(_words(action)[: start + depth]), []).append(action)
    return groups


def _grouping(members: list[str], prefix: str) -> dict[str, list[str]]:
    """The deepest grouping of ``members`` (the actions under ``prefix``) that fits in one
    menu, so a player needs as few picks as possible; at least one word deep."""
    most = max(len(_words(a)) for a in members) - len(_words(prefix))
    for depth in range(max(most, 1), 1, -1):
        groups = _groups(members, prefix, depth)
        if len(groups) <= MAX_OPTIONS:
            return groups
    return _groups(members, prefix, 1)


def _collapse(key: str, members: list[str]) -> Choice:
    """The choice for one group: its only action, or the deepest group that still offers a
    real choice (a step with a single option is skipped). Labels are added later."""
    while len(members) > 1:
        groups = _grouping(members, key)
        if len(groups) != 1:
            return Choice(key, "", False)
        key, members = next(iter(groups.items()))
    return Choice(members[0], "", True)


def _values(actions: list[str], prefix: str) -> list[Choice]:
    """What is offered right under the group ``prefix``, before any cutting into ranges.
    An action may also name a group (``sail g5 s 1`` beside ``sail g5 s 1 aground``): inside
    that group it is offered as itself."""
    members = _under(actions, prefix)
    return [_collapse(key, group) for key, group in _grouping(members, prefix).items()]


def _runs(values: list[Choice]) -> list[list[Choice]]:
    """Cut too many values into as few runs as fit (at most 25 each), in order and of even
    sizes: 36 squares make 2 runs of 18, not 18 runs of 2 (and never a run of one)."""
    count = -(-len(values) // MAX_OPTIONS)
    if count > MAX_OPTIONS:
        raise ValueError(f"{len(values)} choices do not fit in two steps of {MAX_OPTIONS}")
    size, extra = divmod(len(values), count)
    bounds = [i * size + min(i, extra) for i in range(count + 1)]
    return [values[bounds[i] : bounds[i + 1]] for i in range(count)]


def _common_group(actions: list[str]) -> str:
    """The group every action belongs to, whose single-option steps the first step skips
    (or "" when the first step already offers a choice)."""
    prefix = ""
    values = _values(actions, prefix)
    while len(values) == 1 and not values[0].final:
        prefix = values[0].value
        values = _values(actions, prefix)
    return prefix


def _offered(actions: list[str], place: str) -> list[Choice]:
    """The choices at ``place``: actions and groups, or ranges of them. A first step with
    a single group (every action starts ``place``) shows that group's choices instead."""
    prefix, _, run = place.partition(RANGE)
    if prefix and not _under(actions, prefix):
        raise KeyError(place)
    if not prefix:
        prefix = _common_group(actions)
    values = _values(actions, prefix)
    if len(values) <= MAX_OPTIONS:
        if run:
            raise KeyError(place)
        return values
    runs = _runs(values)
    if not run:
        return [Choice(f"{prefix}{RANGE}{i}", "", False) for i in range(len(runs))]
    if not run.isdigit() or int(run) >= len(runs):
        raise KeyError(place)
    return runs[int(run)]


def _leads_to(actions: list[str], choice: Choice, target: Choice) -> bool:
    """Whether picking ``choice`` leads, in one or more picks, to ``target``."""
    if choice == target:
        return True
    if choice.final:
        return False
    if RANGE in choice.value:
        return any(_leads_to(actions, c, target) for c in _offered(actions, choice.value))
    inside = target.value.partition(RANGE)[0]
    return inside == choice.value or inside.startswith(choice.value + " ")


def _path(actions: list[str], target: Choice) -> list[str]:
    """The places passed through, from the first step, to the step offering ``target``."""
    places = [""]
    while True:
        offered = _offered(actions, places[-1])
        if target in offered:
            return places
        deeper = [c for c in offered if _leads_to(actions, c, target)]
        if len(deeper) != 1:
            raise KeyError(target.value)
        places.append(deeper[0].value)


def path_to(actions: list[str], action: str) -> list[str]:
    """The places a player passes through to reach ``action``: one pick per place."""
    return _path(actions, Choice(action, "", True))


def _shared(columns: list[list[str]]) -> int:
    """How many leading words all of ``columns`` share, leaving each at least one."""
    shared = 0
    for column in zip(*columns, strict=False):
        if len(set(column)) != 1:
            break
        shared += 1
    return min(shared, min(len(words) for words in columns) - 1)


def _range_label(labels: list[str]) -> str:
    """ "A1 – C6": the first and last entries, without the words all of them share at the
    start ("Place a ship on") or at the end ("on ship A (Arriba)")."""
    if len(labels) == 1:
        return labels[0]
    split = [text.split() for text in labels]
    head = _shared(split)
    split = [words[head:] for words in split]
    tail = _shared([words[::-1] for words in split])
    first, last = split[0][: len(split[0]) - tail], split[-1][: len(split[-1]) - tail]
    return f"{' '.join(first)} – {' '.join(last)}"[:80]


def step(actions: list[str], place: str, label: Label) -> Step:
    """The step at ``place`` (see the module docstring); raises KeyError for a place that
    is not one of these actions' steps (an old button after the moves changed)."""
    options = []
    for choice in _offered(actions, place):
        if RANGE in choice.value:
            inner = _offered(actions, choice.value)
            options.append(
                Choice(choice.value, _range_label([label(c.value) for c in inner]), False)
            )
        else:
            options.append(Choice(choice.value, label(choice.value), choice.final))
    prefix = place.partition(RANGE)[0] or _common_group(actions)
    back = None if not place else _path(actions, Choice(place, "", False))[-1]
    return Step(place, label(prefix) if prefix else "", tuple(options), back)
