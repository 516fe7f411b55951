"""Browser tests: the web memory view in headless Chromium (marker ``browser``)."""
