"""What the tests and the benches (bench/) share: live server processes, the leak scanner, the delay
proxy, and the reduced-size runs of the chaos, cluster, fairness, hostile and lobby-weight benches.
The suite imports from here, never from bench/; the benches import from here too."""
