"""The table's panels: bid panel, summary, score sheet, score panel, last trick, curtain, menu."""
