# placeholder: replaced by the engine author
