package seed

func EnsureDefaultImages(dir string) error { return nil }
