"""One router per resource: players, games, rooms, the room socket, and the browser pages."""
