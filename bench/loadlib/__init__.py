"""The parts of `bench/hub_load.py`: a lean WebSocket client, the servers under test, the load
itself and the report."""
