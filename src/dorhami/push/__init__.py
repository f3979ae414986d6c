"""Web Push: the server's VAPID key, notices in the player's language, and their delivery (docs/NOTIFICATIONS.md)."""
