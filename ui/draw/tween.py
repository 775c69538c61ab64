"""Time-based tweens with easing, and a Tweener that drives them with ``dt`` in seconds."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

Ease = Callable[[float], float]
Value = float | tuple[float, ...]


def linear(t: float) -> float:
    """No easing: progress equals time."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and stop."""
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots the end a little, then settles (for cards landing, buttons popping)."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def lerp(start: Value, end: Value, k: float) -> Value:
    """Interpolate floats or equal-length tuples of floats by ``k`` (0 gives start, 1 gives end)."""
    if isinstance(start, (int, float)) and isinstance(end, (int, float)):
        return start + (end - start) * k
    a = tuple(start)  # type: ignore[arg-type]
    b = tuple(end)  # type: ignore[arg-type]
    if len(a) != len(b):
        raise ValueError(f"cannot tween {start!r} to {end!r}: different lengths")
    return tuple(x + (y - x) * k for x, y in zip(a, b, strict=True))


class Tween:
    """A value going from ``start`` to ``end`` over ``duration_s`` seconds after ``delay_s``."""

    def __init__(
        self,
        start: Value,
        end: Value,
        duration_s: float,
        ease: Ease = linear,
        delay_s: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration_s < 0 or delay_s < 0:
            raise ValueError("duration_s and delay_s must not be negative")
        self.start = _as_value(start)
        self.end = _as_value(end)
        self.duration_s = float(duration_s)
        self.delay_s = float(delay_s)
        self.ease = ease
        self.on_done = on_done
        self.elapsed_s = 0.0

    @property
    def progress(self) -> float:
        """Linear progress 0..1 (0 during the delay)."""
        t = self.elapsed_s - self.delay_s
        if self.duration_s == 0.0:
            return 1.0 if t >= 0.0 else 0.0
        return max(0.0, min(1.0, t / self.duration_s))

    @property
    def value(self) -> Value:
        """The current eased value (exactly ``end`` once done)."""
        p = self.progress
        if p >= 1.0:
            return self.end
        return lerp(self.start, self.end, self.ease(p))

    @property
    def done(self) -> bool:
        """True once the delay and the duration have both passed."""
        return self.progress >= 1.0

    def update(self, dt_s: float) -> bool:
        """Advance by ``dt_s`` seconds; return True when the tween is done."""
        self.elapsed_s += max(0.0, dt_s)
        return self.done

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed_s = self.delay_s + self.duration_s


def _as_value(v: Value | Sequence[float]) -> Value:
    if isinstance(v, (int, float)):
        return float(v)
    return tuple(float(x) for x in v)


Setter = Callable[[Value], None]


class _Entry:
    __slots__ = ("tween", "setter")

    def __init__(self, tween: Tween, setter: Setter | None) -> None:
        self.tween = tween
        self.setter = setter


class Tweener:
    """Runs many tweens; a new tween on the same key (object, attribute) replaces the older one.

    A replaced or cancelled tween never calls its ``on_done``. Callbacks run after the
    final value is set, and may start new tweens (even on the same key).
    """

    def __init__(self) -> None:
        self._entries: dict[Hashable, _Entry] = {}
        self._anon = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def busy(self) -> bool:
        """True while any tween is running."""
        return bool(self._entries)

    def add(self, tween: Tween, key: Hashable | None = None, setter: Setter | None = None) -> Tween:
        """Run ``tween``; ``setter`` receives each new value; same ``key`` replaces an older tween."""
        if key is None:
            self._anon += 1
            key = ("anon", self._anon)
        self._entries.pop(key, None)
        self._entries[key] = _Entry(tween, setter)
        return tween

    def animate(
        self,
        obj: object,
        attr: str,
        end: Value,
        duration_s: float,
        ease: Ease = ease_out_cubic,
        delay_s: float = 0.0,
        on_done: Callable[[], None] | None = None,
        start: Value | None = None,
    ) -> Tween:
        """Tween ``obj.attr`` from its current value (or ``start``) to ``end``."""
        begin = getattr(obj, attr) if start is None else start
        tween = Tween(begin, end, duration_s, ease, delay_s, on_done)
        return self.add(tween, key=(id(obj), attr), setter=_attr_setter(obj, attr))

    def wait(self, delay_s: float, on_done: Callable[[], None], key: Hashable | None = None) -> Tween:
        """Call ``on_done`` after ``delay_s`` seconds (a timer, replaceable by key)."""
        return self.add(Tween(0.0, 1.0, 0.0, linear, delay_s, on_done), key=key)

    def running(self, obj: object, attr: str) -> bool:
        """True while ``obj.attr`` is being tweened."""
        return (id(obj), attr) in self._entries

    def cancel(self, obj: object, attr: str | None = None) -> None:
        """Stop the tween on ``obj.attr`` (or every attribute of ``obj``) without calling back."""
        oid = id(obj)
        for key in list(self._entries):
            if isinstance(key, tuple) and len(key) == 2 and key[0] == oid and (attr is None or key[1] == attr):
                del self._entries[key]

    def clear(self) -> None:
        """Stop everything without calling back."""
        self._entries.clear()

    def finish_all(self) -> None:
        """Jump every tween to its end, setting final values and calling callbacks."""
        guard = 0
        while self._entries and guard < 1000:
            for entry in list(self._entries.values()):
                entry.tween.finish()
            self.update(0.0)
            guard += 1

    def update(self, dt_s: float) -> None:
        """Advance every tween by ``dt_s`` seconds, set values, and call back the finished ones."""
        finished: list[tuple[Hashable, _Entry]] = []
        for key, entry in list(self._entries.items()):
            done = entry.tween.update(dt_s)
            if entry.setter is not None and (done or entry.tween.elapsed_s >= entry.tween.delay_s):
                entry.setter(entry.tween.value)
            if done:
                finished.append((key, entry))
        for key, entry in finished:
            if self._entries.get(key) is entry:
                del self._entries[key]
        for _key, entry in finished:
            if entry.tween.on_done is not None:
                entry.tween.on_done()


def _attr_setter(obj: object, attr: str) -> Setter:
    def set_value(value: Value) -> None:
        setattr(obj, attr, value)

    return set_value
