/* placeholder (owner: interface) */
