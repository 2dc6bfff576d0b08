"""The Games of Zagjan (seed 000): six disciplines and their campaign."""
