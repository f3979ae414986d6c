"""Double Connect (دابل کانکت): a real-time race to attach hand cards to a shared tower."""
