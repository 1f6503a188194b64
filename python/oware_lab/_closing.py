"""What every env and agent of the package shares: ``close()`` as a context manager and at garbage
collection, so that no lab process (subprocess backend) outlives the object that started it."""


class Closing:
    """A mixin for classes with a ``close()`` that may be called more than once."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # a half-built object, or the interpreter shutting down
            pass
