"""The game protocol, the seeded RNG, events, errors and save files."""
