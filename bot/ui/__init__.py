"""Discord-facing pieces shared by the cogs: persistent controls, the move-and-post path, text formatting."""
