// Package tsgen writes TypeScript declarations for the JSON types of a Go package, so
// that a contract between Go and TypeScript is declared once, in Go (cmd/tsgen writes
// ui/src/generated/view.ts from internal/view).
//
// It reads the source (go/ast), not compiled types: the declarations keep the Go doc
// comments, and a string type of another package of the module becomes a union of its
// constants ("paid" | "pending" …). The rules, as encoding/json writes the values:
//
//   - an exported struct type becomes an interface; a field is named by its json tag
//     (fields tagged "-" and unexported fields are left out); omitempty makes it optional;
//   - an embedded struct becomes the interface's "extends";
//   - string, numbers and bool become string, number and boolean; time.Time is a string;
//     any is unknown; an empty struct is Record<string, never>;
//   - *T is T | null; []T is T[] (the builders never leave a slice nil: a field that can
//     be null says so with a tag); [N]T is a tuple; map[string]T is Record<string, T>;
//   - a named string type with constants becomes a union of them: booking.Status is
//     BookingStatus (a type named Status takes its package's name, mail's "Email"), a
//     type of the package itself keeps its name;
//   - a tstype:"…" tag gives a field's TypeScript type outright, for what the Go type
//     cannot say (a filter that may be "", a list that may be null);
//   - a type whose doc comment holds the line //tsgen:skip is not written.
package tsgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Config says what to read and how to name what it finds.
type Config struct {
	// Dir is the folder of the package whose types are written.
	Dir string
	// Module is the module's path ("tourbook") and ModuleDir its folder: imports under
	// the module are read from there for their string constants.
	Module, ModuleDir string
	// Header is written first, before the declarations (the "do not edit" line).
	Header string
	// StatusPrefix renames the prefix of a package's type named Status ("mail" → "Email").
	StatusPrefix map[string]string
}

// Generate reads the package in cfg.Dir and returns the TypeScript declarations.
func Generate(cfg Config) ([]byte, error) {
	g := &generator{cfg: cfg, fset: token.NewFileSet(), unions: map[string]union{}, pkgs: map[string][]*ast.File{}}
	files, err := g.parseDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	g.pkgs[cfg.Dir] = files
	g.local = typeSpecs(files)
	var body bytes.Buffer
	for _, f := range files {
		g.file = f
		for gd := range genDecls(f, token.TYPE) {
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if !ts.Name.IsExported() || ts.TypeParams != nil || hasDirective(doc, "tsgen:skip") {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				if err := g.writeInterface(&body, ts.Name.Name, doc, st); err != nil {
					return nil, fmt.Errorf("%s: %w", ts.Name.Name, err)
				}
			}
		}
	}
	if len(g.errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(g.errs, "; "))
	}
	var out bytes.Buffer
	out.WriteString(cfg.Header)
	for _, n := range slices.Sorted(maps.Keys(g.unions)) {
		u := g.unions[n]
		writeDoc(&out, u.doc, "")
		fmt.Fprintf(&out, "export type %s = %s;\n\n", n, strings.Join(u.values, " | "))
	}
	out.Write(body.Bytes())
	return bytes.TrimRight(out.Bytes(), "\n"), nil
}

type union struct {
	doc    *ast.CommentGroup
	values []string
}

type generator struct {
	cfg    Config
	fset   *token.FileSet
	file   *ast.File
	local  map[string]*ast.TypeSpec
	unions map[string]union
	pkgs   map[string][]*ast.File
	errs   []string
}

// parseDir parses a package's non-test files, in file name order.
func (g *generator) parseDir(dir string) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(g.fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

func (g *generator) writeInterface(w *bytes.Buffer, name string, doc *ast.CommentGroup, st *ast.StructType) error {
	var extends []string
	var fields bytes.Buffer
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			ts, err := g.tsType(f.Type, "")
			if err != nil {
				return err
			}
			extends = append(extends, ts)
			continue
		}
		if err := g.writeField(&fields, f, "  "); err != nil {
			return err
		}
	}
	writeDoc(w, doc, "")
	if len(st.Fields.List) == 0 {
		fmt.Fprintf(w, "export type %s = Record<string, never>;\n\n", name)
		return nil
	}
	fmt.Fprintf(w, "export interface %s ", name)
	if len(extends) > 0 {
		fmt.Fprintf(w, "extends %s ", strings.Join(extends, ", "))
	}
	w.WriteString("{\n")
	w.Write(fields.Bytes())
	w.WriteString("}\n\n")
	return nil
}

// writeField writes one field (or several sharing a type) at the indent given.
func (g *generator) writeField(w *bytes.Buffer, f *ast.Field, indent string) error {
	tag := reflect.StructTag("")
	if f.Tag != nil {
		s, err := strconv.Unquote(f.Tag.Value)
		if err != nil {
			return err
		}
		tag = reflect.StructTag(s)
	}
	jsonName, opts, _ := strings.Cut(tag.Get("json"), ",")
	if jsonName == "-" && opts == "" {
		return nil
	}
	optional := slices.Contains(strings.Split(opts, ","), "omitempty")
	ts := tag.Get("tstype")
	if ts == "" {
		var err error
		if ts, err = g.tsType(f.Type, indent); err != nil {
			return err
		}
	}
	doc := f.Doc
	if doc == nil {
		doc = f.Comment
	}
	for _, n := range f.Names {
		if !n.IsExported() {
			continue
		}
		key := jsonName
		if key == "" {
			key = n.Name
		}
		writeDoc(w, doc, indent)
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(w, "%s%s%s: %s;\n", indent, key, q, ts)
	}
	return nil
}

func (g *generator) tsType(e ast.Expr, indent string) (string, error) {
	switch t := e.(type) {
	case *ast.Ident:
		switch t.Name {
		case "string":
			return "string", nil
		case "bool":
			return "boolean", nil
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
			return "number", nil
		case "any":
			return "unknown", nil
		}
		ts, ok := g.local[t.Name]
		if !ok {
			return "", fmt.Errorf("unknown type %s", t.Name)
		}
		if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" {
			return g.stringType("", t.Name, ts, g.cfg.Dir)
		}
		return t.Name, nil
	case *ast.StarExpr:
		inner, err := g.tsType(t.X, indent)
		if err != nil {
			return "", err
		}
		return inner + " | null", nil
	case *ast.ArrayType:
		elem, err := g.tsType(t.Elt, indent)
		if err != nil {
			return "", err
		}
		if t.Len == nil {
			if strings.Contains(elem, " ") && !strings.HasPrefix(elem, "{") {
				elem = "(" + elem + ")"
			}
			return elem + "[]", nil
		}
		lit, ok := t.Len.(*ast.BasicLit)
		if !ok {
			return "", fmt.Errorf("array length %T", t.Len)
		}
		n, err := strconv.Atoi(lit.Value)
		if err != nil {
			return "", err
		}
		return "[" + strings.TrimSuffix(strings.Repeat(elem+", ", n), ", ") + "]", nil
	case *ast.MapType:
		k, ok := t.Key.(*ast.Ident)
		if !ok || k.Name != "string" {
			return "", fmt.Errorf("map key %T", t.Key)
		}
		v, err := g.tsType(t.Value, indent)
		if err != nil {
			return "", err
		}
		return "Record<string, " + v + ">", nil
	case *ast.InterfaceType:
		return "unknown", nil
	case *ast.StructType:
		if len(t.Fields.List) == 0 {
			return "Record<string, never>", nil
		}
		var b bytes.Buffer
		b.WriteString("{\n")
		for _, f := range t.Fields.List {
			if len(f.Names) == 0 {
				return "", fmt.Errorf("embedded field in an inline struct")
			}
			if err := g.writeField(&b, f, indent+"  "); err != nil {
				return "", err
			}
		}
		b.WriteString(indent + "}")
		return b.String(), nil
	case *ast.SelectorExpr:
		pkg, ok := t.X.(*ast.Ident)
		if !ok {
			return "", fmt.Errorf("selector %T", t.X)
		}
		path := g.importPath(pkg.Name)
		if path == "time" && t.Sel.Name == "Time" {
			return "string", nil
		}
		if !strings.HasPrefix(path, g.cfg.Module+"/") {
			return "", fmt.Errorf("type %s.%s from outside the module", pkg.Name, t.Sel.Name)
		}
		dir := filepath.Join(g.cfg.ModuleDir, strings.TrimPrefix(path, g.cfg.Module+"/"))
		ts, err := g.foreignType(dir, t.Sel.Name)
		if err != nil {
			return "", err
		}
		return g.stringType(filepath.Base(path), t.Sel.Name, ts, dir)
	}
	return "", fmt.Errorf("cannot write %T", e)
}

// importPath is the path the current file imports under name.
func (g *generator) importPath(name string) string {
	for _, im := range g.file.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if (im.Name != nil && im.Name.Name == name) || (im.Name == nil && filepath.Base(p) == name) {
			return p
		}
	}
	return ""
}

func (g *generator) foreignType(dir, name string) (*ast.TypeSpec, error) {
	if ts, ok := typeSpecs(g.files(dir))[name]; ok {
		return ts, nil
	}
	return nil, fmt.Errorf("type %s not found in %s", name, dir)
}

// typeSpecs are the type declarations of a package by name, each with its doc comment
// (a lone "type X …" keeps it on the declaration).
func typeSpecs(files []*ast.File) map[string]*ast.TypeSpec {
	out := map[string]*ast.TypeSpec{}
	for _, f := range files {
		for gd := range genDecls(f, token.TYPE) {
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.Doc == nil && len(gd.Specs) == 1 {
					ts.Doc = gd.Doc
				}
				out[ts.Name.Name] = ts
			}
		}
	}
	return out
}

// genDecls are a file's declarations of one kind (types, constants).
func genDecls(f *ast.File, tok token.Token) iter.Seq[*ast.GenDecl] {
	return func(yield func(*ast.GenDecl) bool) {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == tok && !yield(gd) {
				return
			}
		}
	}
}

// files are the parsed files of a folder, parsed once.
func (g *generator) files(dir string) []*ast.File {
	if files, ok := g.pkgs[dir]; ok {
		return files
	}
	files, err := g.parseDir(dir)
	if err != nil {
		g.errs = append(g.errs, err.Error())
	}
	g.pkgs[dir] = files
	return files
}

// stringType is the union of a named string type's constants, declared once under its
// TypeScript name; a string type without constants is a string.
func (g *generator) stringType(pkg, name string, ts *ast.TypeSpec, dir string) (string, error) {
	if id, ok := ts.Type.(*ast.Ident); !ok || id.Name != "string" {
		return "", fmt.Errorf("type %s.%s is not a string type", pkg, name)
	}
	tsName := name
	if name == "Status" && pkg != "" {
		prefix := g.cfg.StatusPrefix[pkg]
		if prefix == "" {
			prefix = strings.ToUpper(pkg[:1]) + pkg[1:]
		}
		tsName = prefix + name
	}
	if _, ok := g.unions[tsName]; ok {
		return tsName, nil
	}
	var values []string
	for _, f := range g.files(dir) {
		for gd := range genDecls(f, token.CONST) {
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				id, ok := vs.Type.(*ast.Ident)
				if !ok || id.Name != name || len(vs.Values) != len(vs.Names) {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						return "", fmt.Errorf("constant of %s.%s is not a string literal", pkg, name)
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						return "", err
					}
					values = append(values, "'"+strings.ReplaceAll(s, "'", `\'`)+"'")
				}
			}
		}
	}
	if len(values) == 0 {
		return "string", nil
	}
	doc := ts.Doc
	if doc != nil && tsName != name {
		// The doc names the Go type ("Status is …"): name the TypeScript one instead.
		first := *doc.List[0]
		first.Text = strings.Replace(first.Text, "// "+name+" ", "// "+tsName+" ", 1)
		doc = &ast.CommentGroup{List: append([]*ast.Comment{&first}, doc.List[1:]...)}
	}
	g.unions[tsName] = union{doc: doc, values: values}
	return tsName, nil
}

func hasDirective(doc *ast.CommentGroup, d string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if c.Text == "//"+d {
			return true
		}
	}
	return false
}

// writeDoc writes a Go comment as a JSDoc comment, without directives.
func writeDoc(w *bytes.Buffer, doc *ast.CommentGroup, indent string) {
	if doc == nil {
		return
	}
	text := strings.TrimSpace(doc.Text())
	if text == "" {
		return
	}
	text = strings.ReplaceAll(text, "*/", "*\\/")
	lines := strings.Split(text, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(w, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(w, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(w, "%s *%s\n", indent, strings.TrimRight(" "+l, " "))
	}
	fmt.Fprintf(w, "%s */\n", indent)
}
