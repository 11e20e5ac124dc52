"""The throw-away homeserver fixture for the `matrix` tests (tests/online/synapse_fixture.py)."""
from tests.online.synapse_fixture import homeserver  # noqa: F401
