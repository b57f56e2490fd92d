"""The Textual interface: screens, widgets and the shared game screen."""
