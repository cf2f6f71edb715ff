/* spec.y: grammar of mist `.spec` files (pure bison, builders in rf-spec.c).
 *
 * The grammar is mist's, with update right-hand sides widened to any sum of
 * identifiers and numbers so that transfers and resets parse and get a message
 * naming them. Target cubes and invariant lines follow each other without a
 * separator: a cube ends at the first atom not preceded by ','. Errors in rules
 * recover at ';', so one run reports several. */

%define api.pure full
%define api.prefix {spec_}
%define api.token.prefix {TOK_}
%locations
%define parse.error custom
%define parse.lac full
%param {yyscan_t scanner}
%parse-param {SpecParser *ctx}
%expect 0

%code requires {
#include "spec-ast.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
}

%code {
#define YYSTYPE SPEC_STYPE
#define YYLTYPE SPEC_LTYPE
#include "spec-lexer.h"
#include <string.h>

#define LOC(l) ((RfLoc){ ctx->file, (guint) (l).first_line, (guint) (l).first_column })

static void spec_error (SPEC_LTYPE *loc, yyscan_t scanner, SpecParser *ctx, const char *msg);
}

%union {
  char *str;         /* IDENT: owned */
  guint64 num;       /* NUMBER */
  SpecAtom atom;     /* name owned */
  GArray *expr;      /* SpecTerm, owned */
}

%token <str> IDENT "identifier"
%token <num> NUMBER "number"
%token VARS "vars" RULES "rules" INIT "init" TARGET "target" INVARIANTS "invariants"
%token TRUE "true" IN "in"
%token ARROW "->" GE ">="

%nterm <atom> atom
%nterm <expr> expr

%destructor { g_free ($$); } <str>
%destructor { g_free ($$.name); } <atom>
%destructor { g_array_unref ($$); } <expr>

%%

spec:
  VARS vars RULES rules INIT inits TARGET cubes invariants
;

vars:
  %empty
| vars IDENT                  { spec_declare (ctx, $2, LOC (@2)); }
;

rules:
  %empty
| rules rule
| rules error ';'             { spec_rule_abandon (ctx); }
;

rule:
  guards "->" updates ';'     { spec_rule_end (ctx, LOC (@1)); }
;

guards:
  guard
| guards ',' guard
;

guard:
  atom                        { spec_guard (ctx, &$1); }
| "true"
;

updates:
  %empty
| update_list
;

update_list:
  update
| update_list ',' update
;

update:
  IDENT '\'' '=' expr         { spec_update (ctx, $1, LOC (@1), $4); }
;

expr:
  IDENT                       { $$ = spec_expr_new ($1, 0, LOC (@1)); }
| NUMBER                      { $$ = spec_expr_new (NULL, $1, LOC (@1)); }
| expr '+' IDENT              { $$ = spec_expr_append ($1, FALSE, $3, 0, LOC (@3)); }
| expr '-' IDENT              { $$ = spec_expr_append ($1, TRUE, $3, 0, LOC (@3)); }
| expr '+' NUMBER             { $$ = spec_expr_append ($1, FALSE, NULL, $3, LOC (@3)); }
| expr '-' NUMBER             { $$ = spec_expr_append ($1, TRUE, NULL, $3, LOC (@3)); }
;

atom:
  IDENT ">=" NUMBER           { $$ = (SpecAtom) { $1, SPEC_GE, $3, 0, LOC (@1) }; }
| IDENT '=' NUMBER            { $$ = (SpecAtom) { $1, SPEC_EQ, $3, 0, LOC (@1) }; }
| IDENT "in" '[' NUMBER ',' NUMBER ']' { $$ = (SpecAtom) { $1, SPEC_IN, $4, $6, LOC (@1) }; }
;

inits:
  atom                        { spec_init (ctx, &$1); }
| inits ',' atom              { spec_init (ctx, &$3); }
;

cubes:
  cube
| cubes cube
;

cube:
  cube_atoms                  { spec_target_end (ctx, LOC (@1)); }
;

cube_atoms:
  atom                        { spec_target_atom (ctx, &$1); }
| cube_atoms ',' atom         { spec_target_atom (ctx, &$3); }
;

invariants:
  %empty
| "invariants" invariant_list
;

invariant_list:
  %empty
| invariant_list invariant
;

invariant:
  invariant_atoms             { spec_invariant_end (ctx, LOC (@1)); }
;

invariant_atoms:
  atom                        { spec_invariant_atom (ctx, &$1); }
| invariant_atoms ',' atom    { spec_invariant_atom (ctx, &$3); }
;

%%

/* How a token is named in messages: keywords and punctuation quoted ('rules', ';'),
 * the others by their alias (identifier, number, end of file). */
static char *
symbol_text (yysymbol_kind_t sym)
{
  const char *name = yysymbol_name (sym);
  if (strcmp (name, "'\\''") == 0)
    return g_strdup ("\"'\"");
  if (YYSYMBOL_VARS <= sym && sym <= YYSYMBOL_GE)
    return g_strdup_printf ("'%s'", name);
  return g_strdup (name);
}

/* "syntax error, unexpected X[, expecting A or B ...]" at the unexpected token. */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, yyscan_t scanner, SpecParser *ctx)
{
  enum { MAX_EXPECTED = 4 };
  yysymbol_kind_t expected[MAX_EXPECTED];
  yysymbol_kind_t tok = yypcontext_token (yyctx);
  int n = yypcontext_expected_tokens (yyctx, expected, MAX_EXPECTED);
  if (n < 0)
    return n;
  g_autoptr (GString) msg = g_string_new ("syntax error");
  if (tok != YYSYMBOL_YYEMPTY)
    {
      g_autofree char *t = symbol_text (tok);
      g_string_append_printf (msg, ", unexpected %s", t);
    }
  for (int i = 0; i < n; i++)
    {
      g_autofree char *t = symbol_text (expected[i]);
      g_string_append_printf (msg, "%s%s", i == 0 ? ", expecting " : " or ", t);
    }
  spec_report_syntax (ctx, LOC (*yypcontext_location (yyctx)), "%s", msg->str);
  return 0;
}

static void
spec_error (SPEC_LTYPE *loc, yyscan_t scanner, SpecParser *ctx, const char *msg)
{
  /* Every list is left-recursive, so the stack stays shallow; still, a full stack is
   * reported as any input nested too deeply is. */
  if (strcmp (msg, "memory exhausted") == 0)
    {
      spec_report_syntax (ctx, LOC (*loc), "nesting too deep");
      rf_diags_stop (ctx->diags);
      return;
    }
  spec_report_syntax (ctx, LOC (*loc), "%s", msg);
}
