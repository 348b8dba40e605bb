// Package archtest checks the one-way import rules between Tourbook's packages (README,
// "How it is built"): a rule broken by a new import fails the tests, not a review.
package archtest
