"""The table: controller, model, undo, hint, input, view, animation, layout and its panels."""
