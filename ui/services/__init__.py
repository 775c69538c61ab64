"""Services on the app context: storage, settings, saves, statistics, sound, computer players."""
