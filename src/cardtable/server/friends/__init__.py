"""Friends: requests by username, accepting, declining, removing, and one-way blocks."""
