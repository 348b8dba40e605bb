module tourbook

go 1.26.8
