"""What an app needs around the referee: views, history, move notation, choices."""
