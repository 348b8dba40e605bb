package audit

import (
	"encoding/json"
	"testing"
)

func TestChanges(t *testing.T) {
	var c Changes // an entry made without a map still records
	c.Diff("name", "Old", "New")
	c.Diff("stops", []int{1, 2}, []int{1, 2}) // equal deeply: not a change
	c.Diff("closed", false, true)
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != `{"closed":[false,true],"name":["Old","New"]}` {
		t.Errorf("JSON %s", got)
	}
	var back Changes
	if err := json.Unmarshal(b, &back); err != nil || back["name"].New != "New" || back["closed"].Old != false {
		t.Errorf("read back %+v (%v)", back, err)
	}
}
