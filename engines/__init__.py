"""Pure game rules: one module or package per game over the contract in engines.core."""
