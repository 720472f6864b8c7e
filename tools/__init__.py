"""Developer tools: site build, local server, asset generators (never shipped to the browser)."""
