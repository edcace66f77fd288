"""Why a request to change a table was refused, with the HTTP status it maps to.

Every service refuses by raising one of these before writing anything, so the
caller can answer with the message and the status and nothing is saved.
"""


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(ServiceError):
    """Malformed or illegal input: 400."""

    status = 400


class Forbidden(ServiceError):
    """The caller may not do this (not seated, not their turn): 403."""

    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    """The table is not in a state that allows this (already started, full...): 409."""

    status = 409


class StaleVersion(Conflict):
    """The client acted on an old version of the table: 409."""
