/* sml.y: grammar of the small model language (pure bison, builders in rf-sml.c).
 *
 * The dangling else binds to the nearest if by precedence. Errors recover in
 * statement lists, declarations and at the top level: tokens are skipped up to a ';'
 * or '}', or up to the first token that can start the next statement or item (LAC
 * tells which), so one run reports several errors (a broken `value` declaration is
 * dropped whole, its name counted as lost); syntax messages are composed in
 * yyreport_syntax_error below. */

%define api.pure full
%define api.prefix {sml_}
%define api.token.prefix {TOK_}
%locations
%define parse.error custom
%define parse.lac full
%param {yyscan_t scanner}
%parse-param {SmlParser *ctx}
%expect 0

%code requires {
#include "sml-ast.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
}

%code {
#define YYSTYPE SML_STYPE
#define YYLTYPE SML_LTYPE
#include "sml-lexer.h"
#include <string.h>

#define LOC(l) ((RfLoc){ ctx->file, (guint) (l).first_line, (guint) (l).first_column })

/* yyerror: only for bison's own messages (memory exhausted). */
static void sml_error (SML_LTYPE *loc, yyscan_t scanner, SmlParser *ctx, const char *msg);
}

%union {
  char *str;         /* IDENT: owned */
  guint64 num;       /* NUMBER */
  SmlName *name;     /* owned */
  SmlStmt *stmt;     /* owned */
  GPtrArray *list;   /* owned: SmlName* or SmlStmt* */
  SmlStart start;
  SmlDeclHead head;
  RfLoc brace;       /* '{': where it is */
  SmlValue value;    /* a constant of a value variable */
  GArray *values;    /* owned: SmlValue */
}

%token <str> IDENT "identifier"
%token <num> NUMBER "number"
%token SHARED "shared" LOCK "lock" COND "cond" THREAD "thread" MAIN "main"
%token READ "read" WRITE "write" ACQUIRE "acquire" RELEASE "release" WAIT "wait"
%token SIGNAL "signal" BROADCAST "broadcast" CREATE "create" JOINALL "joinall" SKIP "skip"
%token IF "if" ELSE "else" WHILE "while" TRUE "true" GOTO "goto"
%token SEM "sem" POST "post" TAKE "take"
%token RWLOCK "rwlock" RDLOCK "rdlock" WRLOCK "wrlock" UNLOCK "unlock"
%token VALUE "value" TEST "test" SET "set" OF "of" FROM "from" EQ "=="

%token <brace> '{'
%nterm <name> name guard
%nterm <value> value
%nterm <values> values
%nterm <list> names stmts
%nterm <stmt> stmt block
%nterm <start> start
%nterm <head> decl

%destructor { g_free ($$); } <str>
%destructor { sml_name_free ($$); } <name>
%destructor { sml_stmt_free ($$); } <stmt>
%destructor { g_ptr_array_unref ($$); } <list>
%destructor { g_array_unref ($$); } <values>
/* A brace that error recovery throws away must not count for "'}' expected". */
%destructor { sml_lex_forget_brace (ctx, $$); } '{'

%precedence THEN
%precedence ELSE

%%

program:
  %empty
| program item
| program error ';'
| program error '}'
| program error
;

item:
  decl names ';'              { sml_declare (ctx, $1, $2, FALSE); }
| decl names error ';'        { sml_declare (ctx, $1, $2, TRUE); }
| decl names error            { sml_declare (ctx, $1, $2, TRUE); }
| decl error ';'              { sml_declare (ctx, $1, sml_name_list_new (NULL), TRUE); }
| decl error                  { sml_declare (ctx, $1, sml_name_list_new (NULL), TRUE); }
| VALUE name '{' values '}' '=' value guard ';'
                              { sml_declare_value (ctx, LOC (@1), $2, $4, $7, $8); (void) $3; }
| VALUE error ';'             { ctx->lost_var = TRUE; }
| VALUE error                 { ctx->lost_var = TRUE; }
| THREAD name start block     { sml_define_job (ctx, $2, $3, $4); }
| THREAD MAIN start block     { sml_define_thread_main (ctx, LOC (@2), $4); }
| MAIN block                  { sml_define_job (ctx, sml_name_new (g_strdup ("main"), LOC (@1)),
                                                (SmlStart) { RF_START_COUNT, 1, LOC (@1) }, $2); }
| THREAD error block          { sml_stmt_free ($3); ctx->lost_job = TRUE; }
| THREAD error                { ctx->lost_job = TRUE; }
;

decl:
  SHARED                      { $$ = (SmlDeclHead) { RF_VAR_DATA, TRUE, LOC (@1) }; }
| LOCK                        { $$ = (SmlDeclHead) { RF_VAR_LOCK, FALSE, LOC (@1) }; }
| COND                        { $$ = (SmlDeclHead) { RF_VAR_COND, FALSE, LOC (@1) }; }
| SEM                         { $$ = (SmlDeclHead) { RF_VAR_SEM, FALSE, LOC (@1) }; }
| RWLOCK                      { $$ = (SmlDeclHead) { RF_VAR_RWLOCK, FALSE, LOC (@1) }; }
;

names:
  name                        { $$ = sml_name_list_new ($1); }
| names ',' name              { $$ = sml_name_list_append ($1, $3); }
;

name:
  IDENT                       { $$ = sml_name_new ($1, LOC (@1)); }
;

values:
  value                       { $$ = sml_value_list_new ($1); }
| values ',' value            { $$ = sml_value_list_append ($1, $3); }
;

value:
  NUMBER                      { $$ = sml_value (ctx, LOC (@1), FALSE, $1); }
| '-' NUMBER                  { $$ = sml_value (ctx, LOC (@1), TRUE, $2); }
;

guard:
  %empty                      { $$ = NULL; }
| OF name                     { $$ = $2; }
;

start:
  %empty                      { $$ = (SmlStart) { RF_START_NONE, 0, RF_LOC_NONE }; }
| '[' NUMBER ']'              { $$ = (SmlStart) { RF_START_COUNT, $2, LOC (@2) }; }
| '[' '*' ']'                 { $$ = (SmlStart) { RF_START_ANY, 0, LOC (@2) }; }
;

block:
  '{' stmts '}'               { $$ = sml_stmt_block ($1, $2, LOC (@3)); }
;

stmts:
  %empty                      { $$ = sml_stmt_list_new (); }
| stmts stmt                  { $$ = sml_stmt_list_append ($1, $2); }
| stmts error ';'             { $$ = $1; }
| stmts error                 { $$ = $1; }
;

stmt:
  READ name ';'               { $$ = sml_stmt_op (RF_OP_READ, LOC (@1), $2, NULL); }
| WRITE name ';'              { $$ = sml_stmt_op (RF_OP_WRITE, LOC (@1), $2, NULL); }
| ACQUIRE name ';'            { $$ = sml_stmt_op (RF_OP_ACQUIRE, LOC (@1), $2, NULL); }
| RELEASE name ';'            { $$ = sml_stmt_op (RF_OP_RELEASE, LOC (@1), $2, NULL); }
| WAIT name ',' name ';'      { $$ = sml_stmt_op (RF_OP_WAIT, LOC (@1), $2, $4); }
| SIGNAL name ';'             { $$ = sml_stmt_op (RF_OP_SIGNAL, LOC (@1), $2, NULL); }
| BROADCAST name ';'          { $$ = sml_stmt_op (RF_OP_BROADCAST, LOC (@1), $2, NULL); }
| CREATE name ';'             { $$ = sml_stmt_op (RF_OP_CREATE, LOC (@1), $2, NULL); }
| JOINALL name ';'            { $$ = sml_stmt_op (RF_OP_JOINALL, LOC (@1), $2, NULL); }
| JOINALL name ',' name ';'   { $$ = sml_stmt_op (RF_OP_JOINALL, LOC (@1), $2, $4); }
| POST name ';'               { $$ = sml_stmt_op (RF_OP_POST, LOC (@1), $2, NULL); }
| TAKE name ';'               { $$ = sml_stmt_op (RF_OP_TAKE, LOC (@1), $2, NULL); }
| RDLOCK name ';'             { $$ = sml_stmt_op (RF_OP_RDLOCK, LOC (@1), $2, NULL); }
| WRLOCK name ';'             { $$ = sml_stmt_op (RF_OP_WRLOCK, LOC (@1), $2, NULL); }
| UNLOCK name ';'             { $$ = sml_stmt_op (RF_OP_RWUNLOCK, LOC (@1), $2, NULL); }
| TEST name EQ value ';'      { $$ = sml_stmt_value (LOC (@1), $2, $4, &$4); }
| SET name '=' value FROM value ';' { $$ = sml_stmt_value (LOC (@1), $2, $4, &$6); }
| SET name '=' value ';'      { $$ = sml_stmt_value (LOC (@1), $2, $4, NULL); }
| CREATE MAIN ';'             { $$ = sml_stmt_create_main (LOC (@1), LOC (@2)); }
| SKIP ';'                    { $$ = sml_stmt_skip (LOC (@1)); }
| IF '(' '*' ')' stmt %prec THEN { $$ = sml_stmt_if (LOC (@1), $5, NULL); }
| IF '(' '*' ')' stmt ELSE stmt  { $$ = sml_stmt_if (LOC (@1), $5, $7); }
| WHILE '(' '*' ')' stmt      { $$ = sml_stmt_while (LOC (@1), $5); }
| WHILE '(' TRUE ')' stmt     { $$ = sml_stmt_loop (LOC (@1), $5); }
| name ':' stmt               { $$ = sml_stmt_label ($1, $3); }
| GOTO name ';'               { $$ = sml_stmt_goto (LOC (@1), $2); }
| block                       { $$ = $1; }
;

%%

/* How a token is named in messages: keywords quoted like punctuation ('read', ';'),
 * the others by their alias (identifier, number, end of file). */
static char *
symbol_text (yysymbol_kind_t sym)
{
  if (YYSYMBOL_SHARED <= sym && sym <= YYSYMBOL_EQ)
    return g_strdup_printf ("'%s'", yysymbol_name (sym));
  return g_strdup (yysymbol_name (sym));
}

/* "syntax error, unexpected X[, expecting A or B ...]" at the unexpected token, or
 * just after the previous token when X starts a later line and the expected tokens
 * are few (something is missing at the end of that line). A '}' the scanner made up
 * for an unclosed '{' was reported there already. */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, yyscan_t scanner, SmlParser *ctx)
{
  enum { MAX_EXPECTED = 4 };
  yysymbol_kind_t expected[MAX_EXPECTED];
  yysymbol_kind_t tok = yypcontext_token (yyctx);
  if (ctx->injecting)
    return 0;

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
  RfLoc where = LOC (*yypcontext_location (yyctx));
  if (n > 0 && tok != YYSYMBOL_YYEOF && where.line > ctx->prev_end.line)
    where = ctx->prev_end;
  sml_report_syntax (ctx, where, "%s", msg->str);
  return 0;
}

/* Bison's own messages: only "memory exhausted", when its stack is full (YYMAXDEPTH):
 * statements nested too deeply without braces (`if (*) if (*) ...`). */
static void
sml_error (SML_LTYPE *loc, yyscan_t scanner, SmlParser *ctx, const char *msg)
{
  if (strcmp (msg, "memory exhausted") == 0)
    {
      sml_report_syntax (ctx, LOC (*loc), "nesting too deep");
      rf_diags_stop (ctx->diags);
      return;
    }
  sml_report_syntax (ctx, LOC (*loc), "%s", msg);
}
