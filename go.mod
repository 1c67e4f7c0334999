module github.com/ark-forge/proveit

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
