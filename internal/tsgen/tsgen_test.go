package tsgen

import (
	"strings"
	"testing"
)

func TestGenerate(t *testing.T) {
	got, err := Generate(Config{Dir: "testdata/shop", Module: "example", ModuleDir: "testdata",
		Header: "// header\n\n", StatusPrefix: map[string]string{"order": "Purchase"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `// header

/** PurchaseStatus is where an order is. */
export type PurchaseStatus = 'open' | 'closed';

/** Size is a local string type with constants. */
export type Size = 'S' | 'L';

/** Base is embedded. */
export interface Base {
  id: string;
}

/** Item is what the test writes. */
export interface Item extends Base {
  /** Name is the item's name. */
  name: string;
  count?: number;
  /** in euros */
  price: number;
  sold: boolean;
  at: string;
  next: string | null;
  tags: string[];
  point: [number, number];
  extra: Record<string, number>;
  status: PurchaseStatus;
  kind: string;
  size: Size;
  filter: Size | '';
  maybe: (Base | null)[];
  inline: {
    a: number;
  };
  any: unknown;
  NoTag: string;
}

/** Empty is nothing. */
export type Empty = Record<string, never>;`
	if string(got) != want {
		t.Errorf("got\n%s\n\nwant\n%s", got, want)
	}
}

// A type the generator cannot write fails the generation, rather than leaving a field out.
func TestGenerateRefusesWhatJSONCannotSay(t *testing.T) {
	_, err := Generate(Config{Dir: "testdata/bad", Module: "example", ModuleDir: "testdata"})
	if err == nil || !strings.Contains(err.Error(), "Bad") {
		t.Fatalf("got %v, want an error naming Bad", err)
	}
}
