// placeholder (owner: interface)
