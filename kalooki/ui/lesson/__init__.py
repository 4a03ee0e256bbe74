"""The guided first game: the teacher that picks each lesson and the scene that plays it at the
ordinary table."""
