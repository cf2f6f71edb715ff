/* c.y: grammar of preprocessed C11 + the GNU extensions of glibc headers (pure bison,
 * builders in rf-c.c).
 *
 * Typedef names: the scanner returns TYPEDEF_NAME for names the symbol table holds
 * as typedefs. Declaration specifiers are split (after Jourdan and Pottier, "A simple,
 * possibly correct LR parser for C11") into lists holding a unique type specifier
 * (a typedef name, struct, enum, typeof) and lists of non-unique ones (int, long,
 * unsigned...), so a TYPEDEF_NAME after a complete type is a declarator: both
 * `unsigned T;` and `T T;` declare T. A declarator declares its name when it is
 * reduced, that is before the '=' or ',' or ';' after it is passed; `typedef` in the
 * specifiers (noted by the scanner) makes it a typedef. Inside the parentheses of a
 * declarator only plain identifiers are names, so `f(int (T))` takes a T parameter
 * (C11 6.7.6.3p11). Blocks, function bodies and `for` open scopes (scope_push);
 * parameters enter the body's scope.
 *
 * The dangling else binds to the nearest if by precedence, and so does the one
 * ambiguity of `__extension__` (a specifier or an operator) in `typeof (__extension__
 * __extension__ ...)`: an operator. Errors recover at ';' and at the next item of a
 * block, struct or the file, so one run reports several. */

%define api.pure full
%define api.prefix {c_}
%define api.token.prefix {CT_}
%define api.location.type {RfLoc}
%locations
%define parse.error custom
%define parse.lac full
%param {yyscan_t scanner}
%parse-param {CParser *ctx}
%expect 0

%code requires {
#include "c-ast.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
}

%code {
#define YYSTYPE C_STYPE
#define YYLTYPE C_LTYPE
#include "c-lexer.h"
#include <string.h>

/* A rule is located at its first symbol (an empty one just after the previous). */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                            \
  do { (Cur) = (N) ? YYRHSLOC (Rhs, 1) : YYRHSLOC (Rhs, 0); } while (0)

static void c_error (RfLoc *loc, yyscan_t scanner, CParser *ctx, const char *msg);
static GPtrArray *list1 (CParser *ctx, gpointer item);
}

%union {
  const char *str;      /* arena */
  RfLoc loc;
  guint num;
  CSpec *spec;
  CType *type;
  CDecl *decl;
  CExpr *expr;
  CStmt *stmt;
  CInit *init;
  CDesignator *desig;
  CAsm *asm_;
  CAsmOperand *operand;
  GPtrArray *list;
}

%token END 0 "end of file"
%token <str> IDENT "identifier" TYPEDEF_NAME "type name"
%token <str> INT_CONST "integer constant" FLOAT_CONST "floating constant"
%token <str> CHAR_CONST "character constant" STRING "string literal"
%token <str> ATTRIBUTE "__attribute__"
%token AUTO "auto" BREAK "break" CASE "case" CONST "const" CONTINUE "continue"
%token DEFAULT "default" DO "do" ELSE "else" ENUM "enum" EXTERN "extern"
%token FOR "for" GOTO "goto" IF "if" INLINE "inline" REGISTER "register"
%token RESTRICT "restrict" RETURN "return" SIZEOF "sizeof" STATIC "static"
%token STRUCT "struct" SWITCH "switch" TYPEDEF "typedef" UNION "union"
%token VOLATILE "volatile" WHILE "while" ALIGNAS "_Alignas" ALIGNOF "_Alignof"
%token ATOMIC "_Atomic" ATOMIC_LPAREN "_Atomic (" GENERIC "_Generic" NORETURN "_Noreturn"
%token STATIC_ASSERT "_Static_assert" THREAD_LOCAL "_Thread_local" ASM "asm"
%token TYPEOF "typeof" EXTENSION "__extension__" LABEL "__label__"
%token AUTO_TYPE "__auto_type" REAL "__real__" IMAG "__imag__"
%token BUILTIN_VA_ARG "__builtin_va_arg" BUILTIN_OFFSETOF "__builtin_offsetof"
%token BUILTIN_TYPES_COMPATIBLE_P "__builtin_types_compatible_p"
%token <str> CHAR "char" DOUBLE "double" FLOAT "float" INT "int" LONG "long"
%token <str> SHORT "short" SIGNED "signed" UNSIGNED "unsigned" VOID "void"
%token <str> BOOL "_Bool" COMPLEX "_Complex" INT128 "__int128" FLOATN "_FloatN"
%token <str> VA_LIST "__builtin_va_list"
%token ELLIPSIS "..." ARROW "->" INC "++" DEC "--" SHL "<<" SHR ">>" LE "<=" GE ">="
%token EQ "==" NE "!=" ANDAND "&&" OROR "||" MUL_ASSIGN "*=" DIV_ASSIGN "/="
%token MOD_ASSIGN "%=" ADD_ASSIGN "+=" SUB_ASSIGN "-=" SHL_ASSIGN "<<="
%token SHR_ASSIGN ">>=" AND_ASSIGN "&=" XOR_ASSIGN "^=" OR_ASSIGN "|="

%token <loc> '{'

%nterm <str> general_identifier
%nterm <num> type_qualifier unary_operator assignment_operator asm_qualifiers struct_or_union
%nterm <num> scope_push
%nterm <spec> declaration_specifiers ds_unique ds_nonunique ds_notype spec_notype
%nterm <spec> storage_class type_nonunique type_qualifier_list
%nterm <type> type_unique struct_specifier enum_specifier type_name array_suffix function_suffix
%nterm <decl> declarator direct_declarator paren_declarator paren_direct_declarator
%nterm <decl> pointer abstract_declarator direct_abstract_declarator decl_suffix
%nterm <decl> var_declarator init_declarator parameter_declaration member_declarator
%nterm <decl> enumerator static_assert_declaration function_head
%nterm <list> declaration init_declarator_list parameter_list member_list member_declaration
%nterm <list> member_declarator_list enumerator_list attributes block_items argument_list
%nterm <list> initializer_list designator_list generic_assoc_list identifier_list
%nterm <list> asm_operands asm_clobbers
%nterm <expr> primary_expression postfix_expression unary_expression cast_expression
%nterm <expr> multiplicative_expression additive_expression shift_expression
%nterm <expr> relational_expression equality_expression and_expression
%nterm <expr> exclusive_or_expression inclusive_or_expression logical_and_expression
%nterm <expr> logical_or_expression conditional_expression assignment_expression
%nterm <expr> expression expression_opt constant_expression string offsetof_member
%nterm <stmt> statement compound_statement block_item for_init asm_statement
%nterm <init> initializer
%nterm <desig> designator
%nterm <asm_> asm_body
%nterm <operand> asm_operand
%nterm <type> enum_head struct_head

/* A scope that error recovery throws away is closed. */
%destructor { c_scope_pop_to (ctx, $$); } scope_push

%precedence THEN
%precedence ELSE
%precedence EXT_SPEC
%precedence EXTENSION

%%

translation_unit:
  %empty
| translation_unit external_declaration
| translation_unit error '}'            { ctx->typedef_pending = FALSE; }
| translation_unit error                { ctx->typedef_pending = FALSE; }
;

external_declaration:
  function_head compound_statement      { c_fn_body (ctx, $1, $2); }
| declaration                           { c_external (ctx, $1); }
| ASM '(' string ')' ';'                { c_external_asm (ctx, @1, $3->text); }
| ';'
;

function_head:
  declaration_specifiers declarator     { $$ = c_fn_head (ctx, $1, $2); }
;

/* ---- declarations ---- */

declaration:
  declaration_specifiers init_declarator_list ';' { $$ = c_declaration (ctx, $1, $2, @1); }
| declaration_specifiers ';'            { $$ = c_declaration (ctx, $1, NULL, @1); }
| static_assert_declaration             { $$ = list1 (ctx, $1); ctx->typedef_pending = FALSE; }
;

static_assert_declaration:
  STATIC_ASSERT '(' constant_expression ',' string ')' ';' { $$ = c_static_assert (ctx, @1, $3, $5->text); }
| STATIC_ASSERT '(' constant_expression ')' ';'            { $$ = c_static_assert (ctx, @1, $3, NULL); }
;

declaration_specifiers:
  ds_unique
| ds_nonunique
;

/* Specifiers holding exactly one unique type specifier. */
ds_unique:
  type_unique                           { $$ = c_spec_type (ctx, c_spec_new (ctx, @1), $1); }
| ds_notype type_unique                 { $$ = c_spec_type (ctx, $1, $2); }
| ds_unique spec_notype                 { $$ = c_spec_merge (ctx, $1, $2); }
;

/* Specifiers holding one or more non-unique type specifiers. */
ds_nonunique:
  type_nonunique
| ds_notype type_nonunique              { $$ = c_spec_merge (ctx, $1, $2); }
| ds_nonunique type_nonunique           { $$ = c_spec_merge (ctx, $1, $2); }
| ds_nonunique spec_notype              { $$ = c_spec_merge (ctx, $1, $2); }
;

ds_notype:
  spec_notype
| ds_notype spec_notype                 { $$ = c_spec_merge (ctx, $1, $2); }
;

spec_notype:
  storage_class
| type_qualifier                        { $$ = c_spec_qual (ctx, c_spec_new (ctx, @1), $1); }
| INLINE                                { $$ = c_spec_new (ctx, @1); $$->is_inline = TRUE; }
| NORETURN                              { $$ = c_spec_new (ctx, @1); $$->is_noreturn = TRUE; }
| ALIGNAS '(' type_name ')'             { $$ = c_spec_align (ctx, c_spec_new (ctx, @1), NULL, $3); }
| ALIGNAS '(' constant_expression ')'   { $$ = c_spec_align (ctx, c_spec_new (ctx, @1), $3, NULL); }
| ATTRIBUTE                             { $$ = c_spec_attr (ctx, c_spec_new (ctx, @1), $1); }
| EXTENSION %prec EXT_SPEC              { $$ = c_spec_new (ctx, @1); }
;

storage_class:
  TYPEDEF                               { $$ = c_spec_storage (ctx, c_spec_new (ctx, @1), C_STORAGE_TYPEDEF, @1); }
| EXTERN                                { $$ = c_spec_storage (ctx, c_spec_new (ctx, @1), C_STORAGE_EXTERN, @1); }
| STATIC                                { $$ = c_spec_storage (ctx, c_spec_new (ctx, @1), C_STORAGE_STATIC, @1); }
| AUTO                                  { $$ = c_spec_storage (ctx, c_spec_new (ctx, @1), C_STORAGE_AUTO, @1); }
| REGISTER                              { $$ = c_spec_storage (ctx, c_spec_new (ctx, @1), C_STORAGE_REGISTER, @1); }
| THREAD_LOCAL                          { $$ = c_spec_new (ctx, @1); $$->thread_local = TRUE; }
;

type_qualifier:
  CONST                                 { $$ = C_QUAL_CONST; }
| VOLATILE                              { $$ = C_QUAL_VOLATILE; }
| RESTRICT                              { $$ = C_QUAL_RESTRICT; }
| ATOMIC                                { $$ = C_QUAL_ATOMIC; }
;

type_nonunique:
  VOID                                  { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_VOID, $1, @1); }
| CHAR                                  { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_CHAR, $1, @1); }
| SHORT                                 { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_SHORT, $1, @1); }
| INT                                   { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_INT, $1, @1); }
| LONG                                  { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_LONG, $1, @1); }
| FLOAT                                 { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_FLOAT, $1, @1); }
| DOUBLE                                { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_DOUBLE, $1, @1); }
| SIGNED                                { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_SIGNED, $1, @1); }
| UNSIGNED                              { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_UNSIGNED, $1, @1); }
| BOOL                                  { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_BOOL, $1, @1); }
| COMPLEX                               { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_COMPLEX, $1, @1); }
| INT128                                { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_INT128, $1, @1); }
| FLOATN                                { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_FLOATN, $1, @1); }
| VA_LIST                               { $$ = c_spec_keyword (ctx, c_spec_new (ctx, @1), CT_VA_LIST, $1, @1); }
;

type_unique:
  TYPEDEF_NAME                          { $$ = c_type_typedef (ctx, $1, @1); }
| struct_specifier
| enum_specifier
| TYPEOF '(' expression ')'             { $$ = c_type_typeof (ctx, $3, NULL); }
| TYPEOF '(' type_name ')'              { $$ = c_type_typeof (ctx, NULL, $3); }
| ATOMIC_LPAREN '(' type_name ')'       { $$ = c_type_atomic (ctx, $3); }
| AUTO_TYPE                             { $$ = c_type_new (ctx, C_TYPE_AUTO); }
;

struct_or_union:
  STRUCT                                { $$ = C_TYPE_STRUCT; }
| UNION                                 { $$ = C_TYPE_UNION; }
;

attributes:
  %empty                                { $$ = NULL; }
| attributes ATTRIBUTE                  { $$ = c_list_add (ctx, $1, (gpointer) $2); }
;

struct_specifier:
  struct_head '{' member_list '}'       { $$ = c_tag_type (ctx, c_tag_define (ctx, $1->tag, $3, $2)); }
| struct_or_union attributes general_identifier
                                        { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, $1, $3, @3, FALSE), $2)); }
;

struct_head:
  struct_or_union attributes general_identifier
                                        { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, $1, $3, @3, TRUE), $2)); }
| struct_or_union attributes            { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, $1, NULL, @1, TRUE), $2)); }
;

member_list:
  %empty                                { $$ = c_list (ctx); }
| member_list member_declaration        { $$ = $1; if ($2) g_ptr_array_extend ($$, $2, NULL, NULL); }
| member_list error                     { $$ = $1; }
;

member_declaration:
  declaration_specifiers member_declarator_list ';' { $$ = c_members (ctx, $1, $2, @1); }
| declaration_specifiers ';'            { $$ = c_members (ctx, $1, NULL, @1); }
| static_assert_declaration             { $$ = list1 (ctx, $1); }
| ';'                                   { $$ = NULL; }
;

member_declarator_list:
  member_declarator                     { $$ = list1 (ctx, $1); }
| member_declarator_list ',' member_declarator { $$ = c_list_add (ctx, $1, $3); }
;

member_declarator:
  declarator decl_suffix                { $$ = c_member (ctx, c_declarator_suffix (ctx, $1, $2), NULL, @1); }
| declarator decl_suffix ':' constant_expression
                                        { $$ = c_member (ctx, c_declarator_suffix (ctx, $1, $2), $4, @1); }
| ':' constant_expression               { $$ = c_member (ctx, NULL, $2, @1); }
;

enum_specifier:
  enum_head '{' enumerator_list '}'     { $$ = c_tag_type (ctx, c_tag_define (ctx, $1->tag, $3, $2)); }
| enum_head '{' enumerator_list ',' '}' { $$ = c_tag_type (ctx, c_tag_define (ctx, $1->tag, $3, $2)); }
| ENUM attributes general_identifier    { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, C_TYPE_ENUM, $3, @3, FALSE), $2)); }
;

enum_head:
  ENUM attributes general_identifier    { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, C_TYPE_ENUM, $3, @3, TRUE), $2)); }
| ENUM attributes                       { $$ = c_tag_type (ctx, c_tag_attrs (ctx, c_tag_ref (ctx, C_TYPE_ENUM, NULL, @1, TRUE), $2)); }
;

enumerator_list:
  enumerator                            { $$ = list1 (ctx, $1); }
| enumerator_list ',' enumerator        { $$ = c_list_add (ctx, $1, $3); }
;

enumerator:
  general_identifier attributes         { $$ = c_enumerator (ctx, $1, @1, $2, NULL); }
| general_identifier attributes '=' constant_expression { $$ = c_enumerator (ctx, $1, @1, $2, $4); }
;

init_declarator_list:
  init_declarator                       { $$ = list1 (ctx, $1); }
| init_declarator_list ',' init_declarator { $$ = c_list_add (ctx, $1, $3); }
;

init_declarator:
  var_declarator
| var_declarator '=' initializer        { $$ = $1; $$->init = $3; }
;

/* The name is declared here, before its initializer. */
var_declarator:
  declarator decl_suffix                { $$ = c_declare (ctx, c_declarator_suffix (ctx, $1, $2)); }
;

/* GNU: attributes and an asm label after a declarator, in any order. */
decl_suffix:
  %empty                                { $$ = NULL; }
| decl_suffix ATTRIBUTE                 { $$ = $1 ? $1 : c_new (ctx, CDecl); $$->attrs = c_list_add (ctx, $$->attrs, (gpointer) $2); }
| decl_suffix ASM '(' string ')'        { $$ = $1 ? $1 : c_new (ctx, CDecl); $$->asm_label = $4->text; }
;

declarator:
  direct_declarator
| pointer direct_declarator             { $$ = c_declarator_wrap (ctx, $2, $1); }
;

direct_declarator:
  general_identifier                    { $$ = c_declarator_name (ctx, $1, @1); }
| '(' paren_declarator ')'              { $$ = $2; }
| direct_declarator array_suffix        { $$ = c_declarator_array (ctx, $1, $2); }
| direct_declarator function_suffix     { $$ = c_declarator_function (ctx, $1, $2); }
;

/* Inside parentheses a typedef name is a parameter type, not a name. */
paren_declarator:
  paren_direct_declarator
| pointer paren_direct_declarator       { $$ = c_declarator_wrap (ctx, $2, $1); }
;

paren_direct_declarator:
  IDENT                                 { $$ = c_declarator_name (ctx, $1, @1); }
| '(' paren_declarator ')'              { $$ = $2; }
| paren_direct_declarator array_suffix  { $$ = c_declarator_array (ctx, $1, $2); }
| paren_direct_declarator function_suffix { $$ = c_declarator_function (ctx, $1, $2); }
;

pointer:
  '*'                                   { $$ = c_declarator_pointer (ctx, NULL, NULL); }
| '*' type_qualifier_list               { $$ = c_declarator_pointer (ctx, $2, NULL); }
| '*' pointer                           { $$ = c_declarator_pointer (ctx, NULL, $2); }
| '*' type_qualifier_list pointer       { $$ = c_declarator_pointer (ctx, $2, $3); }
;

type_qualifier_list:
  type_qualifier                        { $$ = c_spec_qual (ctx, c_spec_new (ctx, @1), $1); }
| ATTRIBUTE                             { $$ = c_spec_attr (ctx, c_spec_new (ctx, @1), $1); }
| type_qualifier_list type_qualifier    { $$ = c_spec_qual (ctx, $1, $2); }
| type_qualifier_list ATTRIBUTE         { $$ = c_spec_attr (ctx, $1, $2); }
;

array_suffix:
  '[' ']'                               { $$ = c_type_array (ctx, NULL, NULL, FALSE); }
| '[' assignment_expression ']'         { $$ = c_type_array (ctx, NULL, $2, FALSE); }
| '[' type_qualifier_list ']'           { $$ = c_type_array (ctx, $2, NULL, FALSE); }
| '[' type_qualifier_list assignment_expression ']' { $$ = c_type_array (ctx, $2, $3, FALSE); }
| '[' STATIC assignment_expression ']'  { $$ = c_type_array (ctx, NULL, $3, TRUE); }
| '[' STATIC type_qualifier_list assignment_expression ']' { $$ = c_type_array (ctx, $3, $4, TRUE); }
| '[' type_qualifier_list STATIC assignment_expression ']' { $$ = c_type_array (ctx, $2, $4, TRUE); }
| '[' '*' ']'                           { $$ = c_type_array (ctx, NULL, NULL, FALSE); }
| '[' type_qualifier_list '*' ']'       { $$ = c_type_array (ctx, $2, NULL, FALSE); }
;

function_suffix:
  '(' ')'                               { $$ = c_type_function (ctx, NULL, FALSE, FALSE); }
| '(' parameter_list ')'                { $$ = c_type_function (ctx, $2, FALSE, TRUE); }
| '(' parameter_list ',' ELLIPSIS ')'   { $$ = c_type_function (ctx, $2, TRUE, TRUE); }
;

parameter_list:
  parameter_declaration                 { $$ = list1 (ctx, $1); }
| parameter_list ',' parameter_declaration { $$ = c_list_add (ctx, $1, $3); }
;

parameter_declaration:
  declaration_specifiers declarator decl_suffix { $$ = c_param (ctx, $1, c_declarator_suffix (ctx, $2, $3), @1); }
| declaration_specifiers                { $$ = c_param (ctx, $1, NULL, @1); }
| declaration_specifiers abstract_declarator { $$ = c_param (ctx, $1, $2, @1); }
;

type_name:
  declaration_specifiers                { $$ = c_type_name (ctx, $1, NULL); }
| declaration_specifiers abstract_declarator { $$ = c_type_name (ctx, $1, $2); }
;

abstract_declarator:
  pointer
| pointer direct_abstract_declarator    { $$ = c_declarator_wrap (ctx, $2, $1); }
| direct_abstract_declarator
;

direct_abstract_declarator:
  '(' abstract_declarator ')'           { $$ = $2; }
| array_suffix                          { $$ = c_declarator_array (ctx, c_declarator_name (ctx, NULL, @1), $1); }
| function_suffix                       { $$ = c_declarator_function (ctx, c_declarator_name (ctx, NULL, @1), $1); }
| direct_abstract_declarator array_suffix { $$ = c_declarator_array (ctx, $1, $2); }
| direct_abstract_declarator function_suffix { $$ = c_declarator_function (ctx, $1, $2); }
;

initializer:
  assignment_expression                 { $$ = c_init_expr (ctx, $1); }
| '{' '}'                               { $$ = c_init_list (ctx, $1, c_list (ctx)); }
| '{' initializer_list '}'              { $$ = c_init_list (ctx, $1, $2); }
| '{' initializer_list ',' '}'          { $$ = c_init_list (ctx, $1, $2); }
;

initializer_list:
  initializer                           { $$ = c_init_item_add (ctx, NULL, NULL, $1); }
| designator_list '=' initializer       { $$ = c_init_item_add (ctx, NULL, $1, $3); }
| initializer_list ',' initializer      { $$ = c_init_item_add (ctx, $1, NULL, $3); }
| initializer_list ',' designator_list '=' initializer { $$ = c_init_item_add (ctx, $1, $3, $5); }
;

designator_list:
  designator                            { $$ = list1 (ctx, $1); }
| designator_list designator            { $$ = c_list_add (ctx, $1, $2); }
;

designator:
  '[' constant_expression ']'           { $$ = c_designator (ctx, C_DESIG_INDEX, @1, NULL, $2, NULL); }
| '[' constant_expression ELLIPSIS constant_expression ']' { $$ = c_designator (ctx, C_DESIG_RANGE, @1, NULL, $2, $4); }
| '.' general_identifier                { $$ = c_designator (ctx, C_DESIG_FIELD, @2, $2, NULL, NULL); }
;

general_identifier:
  IDENT
| TYPEDEF_NAME
;

/* ---- statements ---- */

scope_push:
  %empty                                { $$ = c_scope_push (ctx); }
;

compound_statement:
  '{' scope_push block_items '}'        { c_scope_pop_to (ctx, $2); $$ = c_stmt_compound (ctx, $1, $3, @4); }
;

block_items:
  %empty                                { $$ = c_list (ctx); }
| block_items block_item                { $$ = c_list_add (ctx, $1, $2); }
| block_items error                     { $$ = $1; ctx->typedef_pending = FALSE; }
;

block_item:
  declaration                           { $$ = c_stmt_decl (ctx, @1, $1); }
| statement
| LABEL identifier_list ';'             { $$ = c_stmt_new (ctx, C_STMT_LOCAL_LABEL, @1); $$->items = $2; }
;

identifier_list:
  general_identifier                    { $$ = list1 (ctx, (gpointer) $1); }
| identifier_list ',' general_identifier { $$ = c_list_add (ctx, $1, (gpointer) $3); }
;

statement:
  general_identifier ':' attributes statement { $$ = c_stmt_label (ctx, @1, $1, $3, $4); }
| CASE constant_expression ':' statement { $$ = c_stmt_make (ctx, C_STMT_CASE, @1, $2, NULL, $4, NULL); }
| CASE constant_expression ELLIPSIS constant_expression ':' statement
                                        { $$ = c_stmt_make (ctx, C_STMT_CASE, @1, $2, $4, $6, NULL); }
| DEFAULT ':' statement                 { $$ = c_stmt_make (ctx, C_STMT_DEFAULT, @1, NULL, NULL, $3, NULL); }
| compound_statement
| ';'                                   { $$ = c_stmt_expr (ctx, @1, NULL); }
| expression ';'                        { $$ = c_stmt_expr (ctx, @1, $1); }
| IF '(' expression ')' statement %prec THEN
                                        { $$ = c_stmt_make (ctx, C_STMT_IF, @1, $3, NULL, $5, NULL); }
| IF '(' expression ')' statement ELSE statement
                                        { $$ = c_stmt_make (ctx, C_STMT_IF, @1, $3, NULL, $5, $7); }
| SWITCH '(' expression ')' statement   { $$ = c_stmt_make (ctx, C_STMT_SWITCH, @1, $3, NULL, $5, NULL); }
| WHILE '(' expression ')' statement    { $$ = c_stmt_make (ctx, C_STMT_WHILE, @1, $3, NULL, $5, NULL); }
| DO statement WHILE '(' expression ')' ';' { $$ = c_stmt_make (ctx, C_STMT_DO, @1, $5, NULL, $2, NULL); }
| FOR '(' scope_push for_init expression_opt ';' expression_opt ')' statement
                                        { c_scope_pop_to (ctx, $3); $$ = c_stmt_for (ctx, @1, $4, $5, $7, $9); }
| GOTO general_identifier ';'           { $$ = c_stmt_goto (ctx, @1, $2); }
| GOTO '*' expression ';'               { $$ = c_stmt_make (ctx, C_STMT_GOTO_PTR, @1, $3, NULL, NULL, NULL); }
| CONTINUE ';'                          { $$ = c_stmt_new (ctx, C_STMT_CONTINUE, @1); }
| BREAK ';'                             { $$ = c_stmt_new (ctx, C_STMT_BREAK, @1); }
| RETURN expression_opt ';'             { $$ = c_stmt_make (ctx, C_STMT_RETURN, @1, $2, NULL, NULL, NULL); }
| asm_statement
;

for_init:
  expression_opt ';'                    { $$ = $1 ? c_stmt_expr (ctx, @1, $1) : NULL; }
| declaration                           { $$ = c_stmt_decl (ctx, @1, $1); }
;

expression_opt:
  %empty                                { $$ = NULL; }
| expression
;

asm_statement:
  ASM asm_qualifiers '(' asm_body ')' ';' { $4->is_volatile = ($2 & 1) != 0; $4->is_inline = ($2 & 2) != 0;
                                          $4->is_goto = ($2 & 4) != 0; $$ = c_stmt_asm (ctx, @1, $4); }
;

asm_qualifiers:
  %empty                                { $$ = 0; }
| asm_qualifiers VOLATILE               { $$ = $1 | 1; }
| asm_qualifiers INLINE                 { $$ = $1 | 2; }
| asm_qualifiers GOTO                   { $$ = $1 | 4; }
;

asm_body:
  string                                { $$ = c_asm_new (ctx, $1->text); }
| string ':' asm_operands               { $$ = c_asm_new (ctx, $1->text); $$->outputs = $3; }
| string ':' asm_operands ':' asm_operands
                                        { $$ = c_asm_new (ctx, $1->text); $$->outputs = $3; $$->inputs = $5; }
| string ':' asm_operands ':' asm_operands ':' asm_clobbers
                                        { $$ = c_asm_new (ctx, $1->text); $$->outputs = $3; $$->inputs = $5; $$->clobbers = $7; }
| string ':' asm_operands ':' asm_operands ':' asm_clobbers ':' identifier_list
                                        { $$ = c_asm_new (ctx, $1->text); $$->outputs = $3; $$->inputs = $5;
                                          $$->clobbers = $7; $$->labels = $9; }
;

asm_operands:
  %empty                                { $$ = c_list (ctx); }
| asm_operand                           { $$ = list1 (ctx, $1); }
| asm_operands ',' asm_operand          { $$ = c_list_add (ctx, $1, $3); }
;

asm_operand:
  string '(' expression ')'             { $$ = c_asm_operand (ctx, NULL, $1->text, $3); }
| '[' general_identifier ']' string '(' expression ')' { $$ = c_asm_operand (ctx, $2, $4->text, $6); }
;

asm_clobbers:
  %empty                                { $$ = c_list (ctx); }
| string                                { $$ = list1 (ctx, (gpointer) $1->text); }
| asm_clobbers ',' string               { $$ = c_list_add (ctx, $1, (gpointer) $3->text); }
;

/* ---- expressions ---- */

primary_expression:
  IDENT                                 { $$ = c_expr_ident (ctx, $1, @1); }
| INT_CONST                             { $$ = c_expr_const (ctx, C_EXPR_INT, $1, @1); }
| FLOAT_CONST                           { $$ = c_expr_const (ctx, C_EXPR_FLOAT, $1, @1); }
| CHAR_CONST                            { $$ = c_expr_const (ctx, C_EXPR_CHAR, $1, @1); }
| string
| '(' expression ')'                    { $$ = $2; }
| '(' compound_statement ')'            { $$ = c_expr_stmt (ctx, @1, $2); }
| GENERIC '(' assignment_expression ',' generic_assoc_list ')' { $$ = c_expr_generic (ctx, @1, $3, $5); }
| BUILTIN_VA_ARG '(' assignment_expression ',' type_name ')'
                                        { $$ = c_expr_typed (ctx, C_EXPR_VA_ARG, @1, $5, NULL, $3); }
| BUILTIN_OFFSETOF '(' type_name ',' offsetof_member ')'
                                        { $$ = c_expr_typed (ctx, C_EXPR_OFFSETOF, @1, $3, NULL, NULL); $$->text = $5->text; $$->a = $5->a; }
| BUILTIN_TYPES_COMPATIBLE_P '(' type_name ',' type_name ')'
                                        { $$ = c_expr_typed (ctx, C_EXPR_TYPES_COMPAT, @1, $3, $5, NULL); }
;

string:
  STRING                                { $$ = c_expr_const (ctx, C_EXPR_STRING, $1, @1); }
| string STRING                         { $$ = c_expr_string_add (ctx, $1, $2); }
;

generic_assoc_list:
  type_name ':' assignment_expression   { $$ = c_generic_add (ctx, NULL, $1, $3); }
| DEFAULT ':' assignment_expression     { $$ = c_generic_add (ctx, NULL, NULL, $3); }
| generic_assoc_list ',' type_name ':' assignment_expression { $$ = c_generic_add (ctx, $1, $3, $5); }
| generic_assoc_list ',' DEFAULT ':' assignment_expression { $$ = c_generic_add (ctx, $1, NULL, $5); }
;

/* The member path of __builtin_offsetof: text is the path, a the first index. */
offsetof_member:
  general_identifier                    { $$ = c_expr_const (ctx, C_EXPR_STRING, $1, @1); }
| offsetof_member '.' general_identifier { $$ = $1; $$->text = c_strcat (ctx, $1->text, ".", $3); }
| offsetof_member '[' expression ']'    { $$ = $1; $$->text = c_strcat (ctx, $1->text, "[]", NULL);
                                          if (!$$->a) $$->a = $3; }
;

postfix_expression:
  primary_expression
| postfix_expression '[' expression ']' { $$ = c_expr_binary (ctx, C_EXPR_INDEX, C_OP_NONE, @2, $1, $3); }
| postfix_expression '(' ')'            { $$ = c_expr_call (ctx, @2, $1, c_list (ctx)); }
| postfix_expression '(' argument_list ')' { $$ = c_expr_call (ctx, @2, $1, $3); }
| postfix_expression '.' general_identifier { $$ = c_expr_member (ctx, @2, $1, $3, FALSE); }
| postfix_expression ARROW general_identifier { $$ = c_expr_member (ctx, @2, $1, $3, TRUE); }
| postfix_expression INC                { $$ = c_expr_unary (ctx, C_OP_POSTINC, @2, $1); }
| postfix_expression DEC                { $$ = c_expr_unary (ctx, C_OP_POSTDEC, @2, $1); }
| '(' type_name ')' '{' '}'             { $$ = c_expr_compound_lit (ctx, @1, $2, c_init_list (ctx, $4, c_list (ctx))); }
| '(' type_name ')' '{' initializer_list '}' { $$ = c_expr_compound_lit (ctx, @1, $2, c_init_list (ctx, $4, $5)); }
| '(' type_name ')' '{' initializer_list ',' '}' { $$ = c_expr_compound_lit (ctx, @1, $2, c_init_list (ctx, $4, $5)); }
;

argument_list:
  assignment_expression                 { $$ = list1 (ctx, $1); }
| argument_list ',' assignment_expression { $$ = c_list_add (ctx, $1, $3); }
;

unary_expression:
  postfix_expression
| INC unary_expression                  { $$ = c_expr_unary (ctx, C_OP_PREINC, @1, $2); }
| DEC unary_expression                  { $$ = c_expr_unary (ctx, C_OP_PREDEC, @1, $2); }
| unary_operator cast_expression        { $$ = c_expr_unary (ctx, $1, @1, $2); }
| SIZEOF unary_expression               { $$ = c_expr_typed (ctx, C_EXPR_SIZEOF, @1, NULL, NULL, $2); }
| SIZEOF '(' type_name ')' { $$ = c_expr_typed (ctx, C_EXPR_SIZEOF, @1, $3, NULL, NULL); }
| ALIGNOF unary_expression              { $$ = c_expr_typed (ctx, C_EXPR_ALIGNOF, @1, NULL, NULL, $2); }
| ALIGNOF '(' type_name ')' { $$ = c_expr_typed (ctx, C_EXPR_ALIGNOF, @1, $3, NULL, NULL); }
| ANDAND general_identifier             { $$ = c_expr_const (ctx, C_EXPR_LABEL_ADDR, $2, @1); }
| REAL cast_expression                  { $$ = c_expr_unary (ctx, C_OP_REAL, @1, $2); }
| IMAG cast_expression                  { $$ = c_expr_unary (ctx, C_OP_IMAG, @1, $2); }
| EXTENSION cast_expression             { $$ = c_expr_unary (ctx, C_OP_EXTENSION, @1, $2); }
;

unary_operator:
  '&'                                   { $$ = C_OP_ADDR; }
| '*'                                   { $$ = C_OP_DEREF; }
| '+'                                   { $$ = C_OP_PLUS; }
| '-'                                   { $$ = C_OP_NEG; }
| '~'                                   { $$ = C_OP_BITNOT; }
| '!'                                   { $$ = C_OP_NOT; }
;

cast_expression:
  unary_expression
| '(' type_name ')' cast_expression     { $$ = c_expr_typed (ctx, C_EXPR_CAST, @1, $2, NULL, $4); }
;

multiplicative_expression:
  cast_expression
| multiplicative_expression '*' cast_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_MUL, @2, $1, $3); }
| multiplicative_expression '/' cast_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_DIV, @2, $1, $3); }
| multiplicative_expression '%' cast_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_MOD, @2, $1, $3); }
;

additive_expression:
  multiplicative_expression
| additive_expression '+' multiplicative_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_ADD, @2, $1, $3); }
| additive_expression '-' multiplicative_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_SUB, @2, $1, $3); }
;

shift_expression:
  additive_expression
| shift_expression SHL additive_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_SHL, @2, $1, $3); }
| shift_expression SHR additive_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_SHR, @2, $1, $3); }
;

relational_expression:
  shift_expression
| relational_expression '<' shift_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_LT, @2, $1, $3); }
| relational_expression '>' shift_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_GT, @2, $1, $3); }
| relational_expression LE shift_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_LE, @2, $1, $3); }
| relational_expression GE shift_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_GE, @2, $1, $3); }
;

equality_expression:
  relational_expression
| equality_expression EQ relational_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_EQ, @2, $1, $3); }
| equality_expression NE relational_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_NE, @2, $1, $3); }
;

and_expression:
  equality_expression
| and_expression '&' equality_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_BITAND, @2, $1, $3); }
;

exclusive_or_expression:
  and_expression
| exclusive_or_expression '^' and_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_BITXOR, @2, $1, $3); }
;

inclusive_or_expression:
  exclusive_or_expression
| inclusive_or_expression '|' exclusive_or_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_BITOR, @2, $1, $3); }
;

logical_and_expression:
  inclusive_or_expression
| logical_and_expression ANDAND inclusive_or_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_AND, @2, $1, $3); }
;

logical_or_expression:
  logical_and_expression
| logical_or_expression OROR logical_and_expression { $$ = c_expr_binary (ctx, C_EXPR_BINARY, C_OP_OR, @2, $1, $3); }
;

conditional_expression:
  logical_or_expression
| logical_or_expression '?' expression ':' conditional_expression { $$ = c_expr_cond (ctx, @2, $1, $3, $5); }
| logical_or_expression '?' ':' conditional_expression { $$ = c_expr_cond (ctx, @2, $1, NULL, $4); }
;

assignment_expression:
  conditional_expression
| unary_expression assignment_operator assignment_expression
                                        { $$ = c_expr_binary (ctx, C_EXPR_ASSIGN, $2, @2, $1, $3); }
;

assignment_operator:
  '='                                   { $$ = C_OP_ASSIGN; }
| MUL_ASSIGN                            { $$ = C_OP_MUL_ASSIGN; }
| DIV_ASSIGN                            { $$ = C_OP_DIV_ASSIGN; }
| MOD_ASSIGN                            { $$ = C_OP_MOD_ASSIGN; }
| ADD_ASSIGN                            { $$ = C_OP_ADD_ASSIGN; }
| SUB_ASSIGN                            { $$ = C_OP_SUB_ASSIGN; }
| SHL_ASSIGN                            { $$ = C_OP_SHL_ASSIGN; }
| SHR_ASSIGN                            { $$ = C_OP_SHR_ASSIGN; }
| AND_ASSIGN                            { $$ = C_OP_AND_ASSIGN; }
| XOR_ASSIGN                            { $$ = C_OP_XOR_ASSIGN; }
| OR_ASSIGN                             { $$ = C_OP_OR_ASSIGN; }
;

expression:
  assignment_expression
| expression ',' assignment_expression  { $$ = c_expr_binary (ctx, C_EXPR_COMMA, C_OP_NONE, @2, $1, $3); }
;

constant_expression:
  conditional_expression
;

%%

static GPtrArray *
list1 (CParser *ctx, gpointer item)
{
  return c_list_add (ctx, NULL, item);
}

/* How a token is named in messages: keywords and punctuators quoted ('int', '->'),
 * the others by their alias (identifier, end of file). */
static char *
symbol_text (yysymbol_kind_t sym)
{
  if (YYSYMBOL_AUTO <= sym && sym <= YYSYMBOL_OR_ASSIGN)
    return g_strdup_printf ("'%s'", yysymbol_name (sym));
  return g_strdup (yysymbol_name (sym));
}

/* "syntax error, unexpected X[, expecting A or B ...]" at the unexpected token, or
 * just after the previous token when X starts a later line and the expected tokens
 * are few (something is missing at the end of that line). When many tokens could
 * follow and ';' is one of them, only ';' is named. At the end of the file
 * with a '{' open, names the brace to close. */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, yyscan_t scanner, CParser *ctx)
{
  enum { MAX_EXPECTED = 4 };
  yysymbol_kind_t expected[MAX_EXPECTED];
  yysymbol_kind_t tok = yypcontext_token (yyctx);
  RfLoc where = *yypcontext_location (yyctx);
  if (tok == YYSYMBOL_YYEOF && ctx->braces->len > 0)
    {
      RfLoc open = g_array_index (ctx->braces, RfLoc, ctx->braces->len - 1);
      if (open.file == ctx->last_end.file)
        c_report (ctx, ctx->last_end, "'}' expected (to close '{' at line %u)", open.line);
      else
        c_report (ctx, ctx->last_end, "'}' expected (to close '{' at %s:%u)", open.file, open.line);
      return 0;
    }
  int n = yypcontext_expected_tokens (yyctx, expected, MAX_EXPECTED);
  if (n < 0)
    return n;
  if (n == 0)
    {
      /* Too many to list: name ';' alone when it would do (a missing ';'). */
      yysymbol_kind_t all[YYNTOKENS];
      int m = yypcontext_expected_tokens (yyctx, all, YYNTOKENS);
      for (int i = 0; i < m; i++)
        if (g_str_equal (yysymbol_name (all[i]), "';'"))
          {
            expected[0] = all[i];
            n = 1;
          }
    }
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
  if (n > 0 && tok != YYSYMBOL_YYEOF && ctx->prev_end.file == where.file && where.line > ctx->prev_end.line)
    where = ctx->prev_end;
  c_report (ctx, where, "%s", msg->str);
  return 0;
}

/* Bison's own messages: only "memory exhausted", when its stack is full (YYMAXDEPTH):
 * structures nested too deeply without brackets (`if (x) if (x) ...`, `- - - x`). */
static void
c_error (RfLoc *loc, yyscan_t scanner, CParser *ctx, const char *msg)
{
  if (strcmp (msg, "memory exhausted") == 0)
    {
      c_report (ctx, *loc, "nesting too deep");
      rf_diags_stop (ctx->diags);
      return;
    }
  c_report (ctx, *loc, "%s", msg);
}
