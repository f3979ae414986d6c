"""Does it survive: SIGKILLs, several processes and failover, hostile input, hours of load."""
