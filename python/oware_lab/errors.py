"""The one exception type of the package."""


class OwareError(RuntimeError):
    """A request the lab refused (an illegal action, a step after the end, a bad agent spec, bad
    rules or options): the message is the lab's one-line reason, the same from both backends."""
