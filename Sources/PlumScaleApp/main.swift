print("plumscale")
