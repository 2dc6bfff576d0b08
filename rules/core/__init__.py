"""What every game shares: dice, the engine contract, events, the grid, initiative."""
