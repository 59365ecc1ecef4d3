"""High Card's table in the browser: ``table.js``, which the server serves from here."""
