module github.com/ark-forge/proveit

go 1.26
