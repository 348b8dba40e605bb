package seed

import "tourbook/internal/account"

type sampleUser struct {
	name  string
	email string
	role  account.Role
}

// sampleUsers: 1 admin, 3 lead guides, 5 guides and 11 travellers. Emails are
// first-name@example.com (example.com is reserved, so no mail ever reaches a real person).
var sampleUsers = []sampleUser{
	{"Laura Bennett", "laura@example.com", account.RoleAdmin},
	{"Miyu Tanaka", "miyu@example.com", account.RoleLeadGuide},
	{"Rafael Ortega", "rafael@example.com", account.RoleLeadGuide},
	{"Ingrid Solberg", "ingrid@example.com", account.RoleLeadGuide},
	{"Kwame Mensah", "kwame@example.com", account.RoleGuide},
	{"Élodie Marchand", "elodie@example.com", account.RoleGuide},
	{"Tomás Herrera", "tomas@example.com", account.RoleGuide},
	{"Aroha Ngata", "aroha@example.com", account.RoleGuide},
	{"Finlay MacLeod", "finlay@example.com", account.RoleGuide},
	{"Sophie Keller", "sophie@example.com", account.RoleUser},
	{"Daniel Okafor", "daniel@example.com", account.RoleUser},
	{"Priya Raman", "priya@example.com", account.RoleUser},
	{"Lucas Almeida", "lucas@example.com", account.RoleUser},
	{"Hannah Schmidt", "hannah@example.com", account.RoleUser},
	{"Omar Haddad", "omar@example.com", account.RoleUser},
	{"Chloé Dubois", "chloe@example.com", account.RoleUser},
	{"Mateo Rossi", "mateo@example.com", account.RoleUser},
	{"Yuki Sato", "yuki@example.com", account.RoleUser},
	{"Grace Whitfield", "grace@example.com", account.RoleUser},
	{"Nikolai Petrov", "nikolai@example.com", account.RoleUser},
}
