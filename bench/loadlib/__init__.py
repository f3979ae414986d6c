"""The parts the load benches share (hub_load, crowd, soak): the load itself and the report. The WebSocket
client and the servers under test are in tests/support/ (the suite uses them too)."""
