// The template language, feature by feature, against Python's jinja2 3.1 in Hugging Face's setup
// (trim_blocks, lstrip_blocks, loopcontrols, immutable sandbox). Every expected string below is what
// jinja2 rendered for the same template and variables.
#include <gtest/gtest.h>

#include "template_test_util.h"

namespace tessera::chat {
namespace {

TEST(JinjaCompat, Whitespace) {
  EXPECT_TRUE(renders_as_expected({
      {R"J(a
  {% if true %}
  x
  {% endif %}
  b  {% if true %}y{% endif %}
)J",
       "{}",
       R"J(a
  x
  b  y)J"},
      {R"J(  {#- c -#}  z  {# c2 #}
  w)J",
       "{}",
       R"J(z    w)J"},
      {R"J({%+ if true %}x{% endif %}  
  {%+ if true %}y{% endif +%}
z)J",
       "{}",
       R"J(x  
  y
z)J"},
      {R"J(line1
    {%- if true -%}
    mid
    {%- endif -%}
  end)J",
       "{}",
       R"J(line1midend)J"},
      {R"J({{ 'a' }}
{{ 'b' }}
)J",
       "{}",
       R"J(a
b)J"},
      {R"J(<{{- ' x ' -}}>
  <{{ 'y' }}>  )J",
       "{}",
       R"J(< x >
  <y>  )J"},
      {R"J({# comment #}
{# another #}x
)J",
       "{}",
       R"J(x)J"},
      {R"J({% for i in [1, 2] %}
  item {{ i }}
{% endfor %}
done
)J",
       "{}",
       R"J(  item 1
  item 2
done)J"},
      {R"J(  {% raw %}
  x {{ y }} {% if %}
  {% endraw %}
 z)J",
       "{}",
       R"J(
  x {{ y }} {% if %}
 z)J"},
      {R"J(a
b
{% if true %}
c{% endif %})J",
       "{}",
       R"J(a
b
c)J"},
      {R"J(keep

)J",
       "{}",
       R"J(keep
)J"},
      {R"J({{-1}}|{{ -1 }})J",
       "{}",
       R"J(1|-1)J"},
      {R"J(	{% if true %}tab{% endif %}
 	 {% if true %}mixed{% endif %})J",
       "{}",
       R"J(tabmixed)J"},
      {R"J(x {% if true %}inline{% endif %} y
{% if true %}
z{% endif %})J",
       "{}",
       R"J(x inline y
z)J"},
  }));
}

TEST(JinjaCompat, Expressions) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({{ 'it''s' }} {{ "a'b" }} {{ 'x' "y" }} {{ '\u00e9\x41\t|\101\n' }})J",
       "{}",
       R"J(its a'b xy éA	|A
)J"},
      {R"J({{ 42 }} {{ -7 }} {{ 0x1F }} {{ 1_000 }} {{ 1.5e3 }} {{ 1E2 }} {{ 3.0 }})J",
       "{}",
       R"J(42 -7 31 1000 1500.0 100.0 3.0)J"},
      {R"J({{ true }} {{ True }} {{ false }} {{ none }} {{ None }})J",
       "{}",
       R"J(True True False None None)J"},
      {R"J({{ [1, 'a', none, true, 1.5] }} {{ {'a': 1, 'b': [2]} }} {{ (1, 2) }} {{ (1,) }} {{ () }} {{ [1, 2,][1] }})J",
       "{}",
       R"J([1, 'a', None, True, 1.5] {'a': 1, 'b': [2]} (1, 2) (1,) () 2)J"},
      {R"J({{ 1/2 }} {{ 7//2 }} {{ -7//2 }} {{ -7 % 3 }} {{ 7 % -3 }} {{ 2**10 }} {{ 2**-1 }} {{ 2 ** 3 ** 2 }} {{ 7.5 // 2 }} {{ -7.5 % 2 }})J",
       "{}",
       R"J(0.5 3 -4 2 -2 1024 0.5 64 3.0 0.5)J"},
      {R"J({{ 10 - 2 - 3 }} {{ 2 * 3 + 4 }} {{ 2 + 3 * 4 }} {{ (2 + 3) * 4 }} {{ 7 % 4 * 2 }} {{ -2 ** 2 }} {{ true + 1 }})J",
       "{}",
       R"J(5 10 14 20 6 4 2)J"},
      {R"J({{ 1e20 }} {{ 1e16 }} {{ 1e15 }} {{ 0.1 + 0.2 }} {{ 1e-5 }} {{ 0.0001 }} {{ 1/3 }} {{ 123456789.125 }} {{ -0.0 }} {{ 10/2 }})J",
       "{}",
       R"J(1e+20 1e+16 1000000000000000.0 0.30000000000000004 1e-05 0.0001 0.3333333333333333 123456789.125 -0.0 5.0)J"},
      {R"J({{ 'ab' * 3 }} {{ [1] * 3 }} {{ 3 * 'x' }} {{ [1, 2] + [3] }} {{ 'a' + 'b' }} {{ 'a' ~ 1 ~ none ~ undefined_thing ~ [1] }})J",
       "{}",
       R"J(ababab [1, 1, 1] xxx [1, 2, 3] ab a1None[1])J"},
      {R"J({{ 1 == 1.0 }} {{ true == 1 }} {{ 'a' < 'b' }} {{ [1, 2] < [1, 3] }} {{ none == none }} {{ x == y }} {{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ 'b' >= 'a' }} {{ 2 <= 1 }})J",
       "{}",
       R"J(True True True True True True True False True False)J"},
      {R"J({{ 'a' in 'cat' }} {{ 1 in [1, 2] }} {{ 'k' in {'k': 1} }} {{ 'z' not in 'abc' }} {{ 2 not in [2] }} {{ 'x' in undefined_thing }})J",
       "{}",
       R"J(True True True True False False)J"},
      {R"J({{ not true }} {{ not x }} {{ true and 0 }} {{ 0 or 'b' }} {{ '' or [] }} {{ 1 and 2 }} {{ not 1 == 2 }} {{ not x is defined }})J",
       "{}",
       R"J(False True 0 b [] 2 True True)J"},
      {R"J({{ 'yes' if 1 else 'no' }} {{ 'yes' if 0 else 'no' }} [{{ 'yes' if 0 }}] {{ 'a' if false else 'b' if true else 'c' }})J",
       "{}",
       R"J(yes no [] b)J"},
      {R"J({{ -3|abs }} {{ (-3)|abs }} {{ -(3) }} {{ +4 }} {{ - -1 }} {{ 'a' + 'b'|upper }} {{ ('a' + 'b')|upper }})J",
       "{}",
       R"J(3 3 -3 4 1 aB AB)J"},
      {R"J({{ {'a': 1} == {'a': 1} }} {{ [1, 2] == [1, 2] }} {{ (1, 2) == [1, 2] }} {{ 'a' != 'b' }} {{ [] == [] }})J",
       "{}",
       R"J(True True False True True)J"},
      {R"J({{ '%s-%d' % ('a', 3) }} {{ '%05.2f' % 3.14159 }} {{ '%(x)s!' % {'x': 1} }} {{ '%d%%' % 50 }} {{ '%5s|%-5s|' % ('a', 'b') }} {{ '%x %X %o %r' % (255, 255, 8, 'q') }})J",
       "{}",
       R"J(a-3 03.14 1! 50%     a|b    | ff FF 10 'q')J"},
      {R"J([{{ '%s' % undefined_thing }}] {{ '%s, %s' % ('a', undefined_thing) }}|)J",
       "{}",
       R"J([] a, |)J"},
      {R"J({{ '{} {}'.format(1, 'b') }} {{ '{0:>5}|{1:<4}|{n:^7}'.format('a', 'b', n='c') }} {{ '{:.2f} {:+d} {:05d} {:,}'.format(3.14159, 5, 42, 1234567) }} {{ '{{x}}'.format() }})J",
       "{}",
       R"J(1 b     a|b   |   c    3.14 +5 00042 1,234,567 {x})J"},
  }));
}

TEST(JinjaCompat, Access) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({{ d.a }} {{ d['a'] }} {{ d.nested.list[1] }} {{ d['nested']['list'][-1] }} {{ d.nested.list.0 }} {{ d.missing is defined }} {{ d['missing'] is defined }})J",
       R"J({"d": {"a": 1, "nested": {"list": [10, 20, 30]}}})J",
       R"J(1 1 20 30 10 False False)J"},
      {R"J({{ d.items is callable }}|{{ d['items'] }}|{{ d.get('items') }}|{{ d.keys()|list }})J",
       R"J({"d": {"items": 3}})J",
       R"J(True|3|3|['items'])J"},
      {R"J({{ [1, 2, 3][::-1] }} {{ 'abc'[1:] }} {{ 'abc'[-1] }} {{ 'abc'[::2] }} {{ [1, 2, 3, 4, 5][1:-1:2] }} {{ [1, 2, 3][10:] }} {{ [1, 2, 3][-10:2] }} {{ [1, 2, 3, 4][::-2] }} {{ [1, 2, 3][:-1] }} {{ [1, 2, 3][-2:] }})J",
       "{}",
       R"J([3, 2, 1] bc c ac [2, 4] [] [1, 2] [4, 2] [1, 2] [2, 3])J"},
      {R"J({{ 'héllo wörld'[1:4] }} {{ 'héllo'[-1] }} {{ 'héllo'|length }} {{ '日本語'[::-1] }} {{ 'abc'[5] is defined }} {{ [1][5] is defined }})J",
       "{}",
       R"J(éll o 5 語本日 False False)J"},
      {R"J({{ none.y is defined }} {{ (1).y is defined }} {{ 'abc'.nope is defined }})J",
       "{}",
       R"J(False False False)J"},
      {R"J({% set x = {'a': [1, 2, {'b': 'c'}]} %}{{ x.a[2].b }}{{ x['a'][-1]['b'] }}{{ x.a.0 }})J",
       "{}",
       R"J(cc1)J"},
      {R"J({{ ' a '.strip() }}|{{ 'xay'.strip('xy') }}|{{ '  a'.lstrip() }}|{{ 'a  '.rstrip() }}|{{ 'X'.lower() }}|{{ 'ab'.upper() }}|{{ 'hello world'.title() }}|{{ 'hELLO'.capitalize() }})J",
       "{}",
       R"J(a|a|a|a|x|AB|Hello World|Hello)J"},
      {R"J({{ 'a b  c'.split() }} {{ 'a,b,,c'.split(',') }} {{ 'a,b,c'.split(',', 1) }} {{ ' a b '.split(None, 1) }} {{ 'a,b,c'.rsplit(',', 1) }} {{ 'a<x>b<x>c'.split('<x>')[-1] }})J",
       "{}",
       R"J(['a', 'b', 'c'] ['a', 'b', '', 'c'] ['a', 'b,c'] ['a', 'b '] ['a,b', 'c'] c)J"},
      {R"J({{ 'abc'.startswith('a') }} {{ 'abc'.endswith(('x', 'c')) }} {{ 'abc'.find('c') }} {{ 'abc'.find('z') }} {{ 'a-b'.replace('-', '+') }} {{ 'abc'.count('b') }} {{ '-'.join(['a', 'b']) }})J",
       "{}",
       R"J(True True 2 -1 a+b 1 a-b)J"},
      {R"J({{ 'line1\nline2\r\nline3'.splitlines() }} {{ '42'.isdigit() }} {{ 'ab'.isalpha() }} {{ '5'.zfill(3) }} {{ 'ab'.center(6, '*') }} {{ 'x'.ljust(3) }}| {{ 'a=b=c'.partition('=') }} {{ 'ab'.removeprefix('a') }})J",
       "{}",
       R"J(['line1', 'line2', 'line3'] True True 005 **ab** x  | ('a', '=', 'b=c') b)J"},
      {R"J({{ {'a': 1}.get('a') }} {{ {'a': 1}.get('b') }} {{ {'a': 1}.get('b', 2) }} {{ {'a': 1, 'b': 2}.keys()|list }} {{ {'a': 1, 'b': 2}.values()|list }} {{ {'a': 1}.items()|list }})J",
       "{}",
       R"J(1 None 2 ['a', 'b'] [1, 2] [('a', 1)])J"},
  }));
}

TEST(JinjaCompat, Loops) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({% for i in ['a', 'b', 'c'] %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }};{% endfor %})J",
       "{}",
       R"J(1032TrueFalse3;2121FalseFalse3;3210FalseTrue3;)J"},
      {R"J({% for i in [1, 2, 3] %}{{ loop.previtem }}|{{ loop.nextitem }}|{{ loop.previtem is defined }};{% endfor %})J",
       "{}",
       R"J(|2|False;1|3|True;2||True;)J"},
      {R"J({% for i in [1, 2, 3] %}{{ loop.cycle('odd', 'even') }}{% endfor %} {% for i in [1, 1, 2, 2, 3] %}{% if loop.changed(i) %}{{ i }}{% endif %}{% endfor %})J",
       "{}",
       R"J(oddevenodd 123)J"},
      {R"J({% for a in [1, 2, 3, 4] if a is even %}{{ a }}:{{ loop.index }}/{{ loop.length }} {% else %}E{% endfor %})J",
       "{}",
       R"J(2:1/2 4:2/2 )J"},
      {R"J({% for a in [] %}x{% else %}empty{% endfor %} {% for a in undefined_thing %}x{% else %}undef{% endfor %})J",
       "{}",
       R"J(empty undef)J"},
      {R"J({% for a, b in [[1, 2], [3, 4]] %}{{ a }}{{ b }} {% endfor %}{% for (a, b) in [('x', 'y')] %}{{ a }}{{ b }}{% endfor %})J",
       "{}",
       R"J(12 34 xy)J"},
      {R"J({% for k, v in {'x': 1, 'y': 2}.items() %}{{ k }}={{ v }};{% endfor %}{% for k in {'x': 1, 'y': 2} %}{{ k }}{% endfor %}{% for k, v in {'p': 3}|items %}{{ k }}{{ v }}{% endfor %})J",
       "{}",
       R"J(x=1;y=2;xyp3)J"},
      {R"J({% for c in 'héj' %}[{{ c }}]{% endfor %})J",
       "{}",
       R"J([h][é][j])J"},
      {R"J({% for i in range(10) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 5 %}{% break %}{% endif %}{{ i }}{% endfor %})J",
       "{}",
       R"J(0134)J"},
      {R"J({% for i in [1, 2] %}{% for j in [3, 4] %}{{ loop.index }}{{ i }}{{ j }} {% endfor %}{{ loop.index }}|{% endfor %})J",
       "{}",
       R"J(113 214 1|123 224 2|)J"},
      {R"J({{ range(3)|list }} {{ range(1, 10, 3)|list }} {{ range(5, 0, -2)|list }} {{ range(0)|list }})J",
       "{}",
       R"J([0, 1, 2] [1, 4, 7] [5, 3, 1] [])J"},
  }));
}

TEST(JinjaCompat, Scoping) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({% for i in [1, 2, 3] %}{% if loop.first %}{% set x = 5 %}{% endif %}[{{ x }}]{% endfor %}{{ x }})J",
       "{}",
       R"J([5][][])J"},
      {R"J({% set x = 1 %}{% for i in [1, 2] %}{{ x }}{% set x = x + 10 %}{{ x }};{% endfor %}{{ x }})J",
       "{}",
       R"J(111;111;1)J"},
      {R"J({% set x = 1 %}{% if true %}{% set x = 2 %}{% endif %}{{ x }})J",
       "{}",
       R"J(2)J"},
      {R"J({% set ns = namespace(a=1, found=false) %}{% for i in range(4) %}{% set ns.a = ns.a + i %}{% if i == 2 %}{% set ns.found = true %}{% endif %}{% endfor %}{{ ns.a }} {{ ns.found }} {{ ns.missing is defined }})J",
       "{}",
       R"J(7 True False)J"},
      {R"J({% set ns = namespace({'a': 1}, b=2) %}{{ ns.a }}{{ ns.b }}{{ ns['a'] }})J",
       "{}",
       R"J(121)J"},
      {R"J({% set a, b = 1, 2 %}{{ a }}{{ b }}{% set (c, d) = [3, 4] %}{{ c }}{{ d }})J",
       "{}",
       R"J(1234)J"},
      {R"J({% set x %}{% set y = 1 %}block {{ 2 }}{% endset %}[{{ x }}][{{ y }}]{% set z | upper %}shout{% endset %}{{ z }})J",
       "{}",
       R"J([block 2][]SHOUT)J"},
      {R"J({% with a = 1, b = 2 %}{% set q = 3 %}{{ a }}{{ b }}{{ q }}{% endwith %}[{{ a }}{{ q }}])J",
       "{}",
       R"J(123[])J"},
      {R"J({% filter upper %}{% set z = 1 %}ab {{ 'cd' }}{% endfilter %}[{{ z }}]{% filter trim | title %}  hello world  {% endfilter %})J",
       "{}",
       R"J(AB CD[]Hello World)J"},
      {R"J({% set messages = messages[1:] %}{{ messages|length }})J",
       R"J({"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]})J",
       R"J(1)J"},
  }));
}

TEST(JinjaCompat, Macros) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({% macro greet(name, greeting='Hello') -%}
{{ greeting }}, {{ name }}!
{%- endmacro %}
{{ greet('Bob') }} {{ greet('Al', greeting='Hi') }} {{ greet(greeting='Yo', name='Cy') }})J",
       "{}",
       R"J(Hello, Bob! Hi, Al! Yo, Cy!)J"},
      {R"J({% macro m(a, b=2) %}{{ a }}-{{ b }}-{{ y }}{% endmacro %}{% set y = 7 %}{{ m(1) }} {{ m(1, b=3) }})J",
       "{}",
       R"J(1-2-7 1-3-7)J"},
      {R"J({% macro m() %}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, x=3) }})J",
       "{}",
       R"J((1, 2){'x': 3})J"},
      {R"J({% macro m(a) %}[{{ a }}]{% endmacro %}{{ m() }}{{ m is callable }})J",
       "{}",
       R"J([]True)J"},
      {R"J({% macro wrap() %}<{{ caller() }}>{% endmacro %}{% call wrap() %}inner{% endcall %})J",
       "{}",
       R"J(<inner>)J"},
      {R"J({% macro wrap(x) %}<{{ caller(x * 2) }}>{% endmacro %}{% call(v) wrap(21) %}v={{ v }}{% endcall %})J",
       "{}",
       R"J(<v=42>)J"},
      {R"J({% macro fact(n) %}{% if n <= 1 %}1{% else %}{{ n * fact(n - 1)|int }}{% endif %}{% endmacro %}{{ fact(6) }})J",
       "{}",
       R"J(720)J"},
      {R"J({% macro t(spec) %}{% if spec.type == 'array' %}list[{{ t(spec['items']) }}]{% elif spec.type == 'object' %}dict{% else %}{{ spec.type }}{% endif %}{% endmacro %}{{ t({'type': 'array', 'items': {'type': 'array', 'items': {'type': 'string'}}}) }})J",
       "{}",
       R"J(list[list[string]])J"},
  }));
}

TEST(JinjaCompat, Filters) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({{ ' x '|trim }}|{{ 'xxaxx'|trim('x') }}|{{ '\u3000x\xa0'|trim }}|{{ 'Hello'|upper }} {{ 'Hello'|lower }} {{ 'hELLO wORLD'|capitalize }} {{ 'a-b c(d'|title }} {{ "they're bill's"|title }})J",
       "{}",
       R"J(x|a|x|HELLO hello Hello world A-B C(D They're Bill's)J"},
      {R"J({{ 'abc'|length }} {{ 'Köln 🌍'|length }} {{ [1, 2]|count }} {{ {'a': 1}|length }} {{ undefined_thing|length }})J",
       "{}",
       R"J(3 6 2 1 0)J"},
      {R"J({{ [1, 'a', none, true, 1.5]|tojson }} {{ {'a': {'b': [1, 2]}, 'c': {}, 'd': []}|tojson(indent=2) }} {{ 'ü\n"\\\t\x01'|tojson }} {{ 'é'|tojson(ensure_ascii=true) }})J",
       "{}",
       R"J([1, "a", null, true, 1.5] {
  "a": {
    "b": [
      1,
      2
    ]
  },
  "c": {},
  "d": []
} "ü\n\"\\\t\u0001" "\u00e9")J"},
      {R"J({{ {'a': 1, 'b': [1, 2]}|tojson(separators=(',', ':')) }} {{ {'b': 1, 'a': 2}|tojson(sort_keys=true) }} {{ [1]|tojson(indent='\t') }} {{ {'k': 'v'}|tojson(indent=0) }})J",
       "{}",
       R"J({"a":1,"b":[1,2]} {"a": 2, "b": 1} [
	1
] {
"k": "v"
})J"},
      {R"J({{ x|default('dflt') }} {{ ''|default('dflt') }} {{ ''|default('dflt', true) }} {{ none|d('n') }} {{ false|d('f', boolean=true) }} {{ x|d }}|)J",
       "{}",
       R"J(dflt  dflt None f |)J"},
      {R"J({{ [1, 2, 3]|join }} {{ ['a', none, 1]|join(', ') }} {{ [{'a': 'x'}, {'a': 'y'}]|join(',', attribute='a') }} {{ 'abc'|join('.') }})J",
       "{}",
       R"J(123 a, None, 1 x,y a.b.c)J"},
      {R"J({{ 'hello world'|replace('o', '0') }} {{ 'aaa'|replace('a', 'b', 2) }} {{ 'ab'|replace('', '-') }} {{ 'a1b1'|replace(1, 2) }} {{ 12|replace(1, 'x') }})J",
       "{}",
       R"J(hell0 w0rld bba -a-b- a2b2 x2)J"},
      {R"J({{ {'x': 1, 'y': [2]}|items|list }} {{ undefined_thing|items|list }})J",
       "{}",
       R"J([('x', 1), ('y', [2])] [])J"},
      {R"J({{ [1, 2, 3]|first }} {{ [1, 2, 3]|last }} {{ 'abc'|first }} {{ 'abc'|last }} {{ []|first is defined }} {{ {'k': 1}|first }})J",
       "{}",
       R"J(1 3 a c False k)J"},
      {R"J({{ 'ab'|list }} {{ {'x': 1}|list }} {{ (1, 2)|list }} {{ 3|string + 'x' }} {{ [1, 'a']|string }} {{ none|string }})J",
       "{}",
       R"J(['a', 'b'] ['x'] [1, 2] 3x [1, 'a'] None)J"},
      {R"J({{ '42'|int + 1 }} {{ '3.7'|int }} {{ '  12 '|int }} {{ 'x'|int }} {{ 'x'|int(7) }} {{ '0x1A'|int(base=16) }} {{ 3.9|int }} {{ -3.9|int }} {{ true|int }} {{ none|int }})J",
       "{}",
       R"J(43 3 12 0 7 26 3 -3 1 0)J"},
      {R"J({{ '1e3'|float }} {{ 'abc'|float }} {{ 'abc'|float(1.5) }} {{ 2|float }} {{ ' 2.5 '|float }})J",
       "{}",
       R"J(1000.0 0.0 1.5 2.0 2.5)J"},
      {R"J({{ -3|abs }} {{ -2.5|abs }} {{ 10|round }} {{ 2.5|round }} {{ 3.5|round }} {{ 3.14159|round(2) }} {{ -2.5|round }} {{ 2.675|round(2) }} {{ 2.1|round(method='ceil') }} {{ 2.9|round(method='floor') }} {{ 1234|round(-2) }})J",
       "{}",
       R"J(3 2.5 10 2.0 4.0 3.14 -2.0 2.67 3.0 2.0 1200)J"},
      {R"J({{ 'x'|safe }} {{ '<a href="x">&\''|e }} {{ '<b>'|escape }})J",
       "{}",
       R"J(x &lt;a href=&#34;x&#34;&gt;&amp;&#39; &lt;b&gt;)J"},
      {R"J({{ [1, 2]|map('string')|join(',') }} {{ ['a', 'b']|map('upper')|list }} {{ [' a ', 'b ']|map('trim')|list }} {{ [{'a': 1}, {'b': 2}]|map(attribute='a', default=9)|list }} {{ [[1, 'x'], [0, 'y']]|map(attribute='1')|list }})J",
       "{}",
       R"J(1,2 ['A', 'B'] ['a', 'b'] [1, 9] ['x', 'y'])J"},
      {R"J({{ [1, 2, 3, 4]|select('odd')|list }} {{ [1, 2, 3, 4]|reject('odd')|list }} {{ [0, 1, '', 'a']|select|list }} {{ [1, 2, 3]|select('divisibleby', 3)|list }} {{ ['a', 'b']|reject('equalto', 'a')|list }})J",
       "{}",
       R"J([1, 3] [2, 4] [1, 'a'] [3] ['b'])J"},
      {R"J({{ users|selectattr('admin')|map(attribute='name')|list }} {{ users|rejectattr('admin')|map(attribute='name')|list }} {{ users|selectattr('age', 'gt', 30)|map(attribute='name')|list }} {{ users|selectattr('email', 'defined')|list|length }})J",
       R"J({"users": [{"name": "ann", "admin": true, "age": 40}, {"name": "bob", "admin": false, "age": 20, "email": "b@x"}]})J",
       R"J(['ann'] ['bob'] ['ann'] 1)J"},
      {R"J({{ ['b', 'A', 'a', 'C']|sort }} {{ ['b', 'A', 'a', 'C']|sort(case_sensitive=true) }} {{ [3, 1, 2]|sort(reverse=true) }} {{ users|sort(attribute='age')|map(attribute='name')|list }})J",
       R"J({"users": [{"name": "ann", "age": 40}, {"name": "bob", "age": 20}]})J",
       R"J(['A', 'a', 'b', 'C'] ['A', 'C', 'a', 'b'] [3, 2, 1] ['bob', 'ann'])J"},
      {R"J({{ ['a', 'A', 'b', 'a']|unique|list }} {{ ['a', 'A', 'b']|unique(case_sensitive=true)|list }} {{ [{'k': 1}, {'k': 1}, {'k': 2}]|unique(attribute='k')|list }})J",
       "{}",
       R"J(['a', 'b'] ['a', 'A', 'b'] [{'k': 1}, {'k': 2}])J"},
      {R"J({{ {'b': 1, 'A': 2, 'a': 3}|dictsort }} {{ {'b': 1, 'A': 2, 'a': 3}|dictsort(case_sensitive=true) }} {{ {'b': 1, 'a': 3}|dictsort(by='value', reverse=true) }})J",
       "{}",
       R"J([('A', 2), ('a', 3), ('b', 1)] [('A', 2), ('a', 3), ('b', 1)] [('a', 3), ('b', 1)])J"},
      {R"J({{ 'a\nb\n\nc'|indent(2) }}|{{ 'a\nb\n\nc'|indent(2, true, true) }}|{{ 'x\ny'|indent('> ') }}|{{ 'one'|indent(first=true) }})J",
       "{}",
       R"J(a
  b

  c|  a
  b
  
  c|x
> y|    one)J"},
      {R"J({{ 'hello world foo'|wordcount }} {{ 'Grüße, aus-Köln 日本語! x_y 42'|wordcount }} {{ ''|wordcount }})J",
       "{}",
       R"J(3 6 0)J"},
      {R"J({{ [3, 1, 2]|max }} {{ [3, 1, 2]|min }} {{ ['b', 'A']|max }} {{ [1, 2, 3]|sum }} {{ [{'v': 1}, {'v': 5}]|sum(attribute='v') }} {{ [{'v': 1}, {'v': 5}]|max(attribute='v') }} {{ [1.5, 2]|sum(start=10) }})J",
       "{}",
       R"J(3 1 b 6 6 {'v': 5} 13.5)J"},
      {R"J({{ 'abc'|reverse }} {{ [1, 2, 3]|reverse|list }} {{ 'x'|center(5) }}| {{ [1, 2, 3, 4, 5]|batch(2)|list }} {{ [1, 2, 3]|batch(2, 0)|list }})J",
       "{}",
       R"J(cba [3, 2, 1]   x  | [[1, 2], [3, 4], [5]] [[1, 2], [3, 0]])J"},
      {R"J({{ 'abcdefghijkl'|truncate(7) }}|{{ 'abc def ghi jkl mno'|truncate(12, leeway=0) }}|{{ 'abc def ghi jkl mno'|truncate(12, true, '..', 0) }}|{{ 'short'|truncate(10) }})J",
       "{}",
       R"J(abcdefghijkl|abc def...|abc def gh..|short)J"},
      {R"J({{ '%s and %s'|format('a', 'b') }} {{ '%(x)s'|format(x=1) }} {{ d|attr('a') is defined }} {{ d|attr('keys') is callable }} {% set ns = namespace(v=5) %}{{ ns|attr('v') }})J",
       R"J({"d": {"a": "A"}})J",
       R"J(a and b 1 False True 5)J"},
  }));
}

TEST(JinjaCompat, Tests) {
  EXPECT_TRUE(renders_as_expected({
      {R"J({{ x is defined }}{{ x is undefined }}{{ 1 is defined }}{{ none is defined }})J",
       "{}",
       R"J(FalseTrueTrueTrue)J"},
      {R"J({{ none is none }}{{ 0 is none }}{{ 'a' is string }}{{ 1 is string }}{{ 1 is number }}{{ 1.5 is number }}{{ true is number }}{{ 1 is integer }}{{ true is integer }}{{ 1.0 is float }}{{ true is boolean }}{{ 1 is boolean }})J",
       "{}",
       R"J(TrueFalseTrueFalseTrueTrueTrueTrueFalseTrueTrueFalse)J"},
      {R"J({{ {} is mapping }}{{ [] is mapping }}{{ [] is iterable }}{{ 'a' is iterable }}{{ {} is iterable }}{{ 1 is iterable }}{{ x is iterable }}{{ [] is sequence }}{{ {} is sequence }}{{ 'a' is sequence }}{{ 1 is sequence }})J",
       "{}",
       R"J(TrueFalseTrueTrueTrueFalseTrueTrueTrueTrueFalse)J"},
      {R"J({{ 3 is odd }}{{ 3 is even }}{{ 4 is even }}{{ 9 is divisibleby 3 }}{{ 10 is divisibleby(3) }}{{ 'a' is equalto 'a' }}{{ 1 is eq 1 }}{{ 1 is ne 2 }}{{ 1 is lt 2 }}{{ 3 is gt 2 }}{{ 1 is le 1 }}{{ 1 is ge 2 }}{{ 3 is greaterthan 2 }}{{ 3 is lessthan 2 }})J",
       "{}",
       R"J(TrueFalseTrueTrueFalseTrueTrueTrueTrueTrueTrueFalseTrueFalse)J"},
      {R"J({{ true is true }}{{ 1 is true }}{{ false is false }}{{ 0 is false }}{{ 'x' is in 'xyz' }}{{ 'a' is lower }}{{ 'A' is upper }}{{ 'aB' is lower }}{{ '1' is upper }})J",
       "{}",
       R"J(TrueFalseTrueFalseTrueTrueTrueFalseFalse)J"},
      {R"J({{ 'upper' is filter }}{{ 'nope' is filter }}{{ 'odd' is test }}{{ range is callable }}{{ 1 is callable }}{{ 1 is sameas 1 }}{{ x is not defined }}{{ 1 is not none }}{{ not 1 is none }})J",
       "{}",
       R"J(TrueFalseTrueTrueFalseTrueTrueTrueTrue)J"},
  }));
}

TEST(JinjaCompat, Undefined) {
  EXPECT_TRUE(renders_as_expected({
      {R"J([{{ x }}][{{ x|string }}][{{ x|trim }}][{{ x|upper }}][{{ x|join }}][{{ x|list }}][{{ x ~ 'a' }}]{{ x|length }}{{ not x }}{{ x == y }}{{ x is none }})J",
       "{}",
       R"J([][][][][][[]][a]0TrueTrueFalse)J"},
      {R"J({% if x %}a{% elif not x %}b{% endif %}{% for i in x %}never{% endfor %}{{ x|default('d') }}{{ 'k' in x }})J",
       "{}",
       R"J(bdFalse)J"},
      {R"J({% if x is defined and x.y %}a{% else %}b{% endif %}{{ (x|first) is defined }})J",
       "{}",
       R"J(bFalse)J"},
  }));
}

// Runtime errors carry the line of the failing expression and jinja2's message.
TEST(JinjaCompat, RuntimeErrors) {
  EXPECT_TRUE(fails_as_expected({
      {R"J({{ x.y }})J",
       "{}",
       1, R"J('x' is undefined)J"},
      {R"J(a
b
{{ 1 + 'a' }})J",
       "{}",
       3, R"J(unsupported operand type(s) for +: 'int' and 'str')J"},
      {R"J({{ 'a' + 1 }})J",
       "{}",
       1, R"J(can only concatenate str (not "int") to str)J"},
      {R"J(x
{{ undefined_var + 1 }})J",
       "{}",
       2, R"J('undefined_var' is undefined)J"},
      {R"J({{ 1 / 0 }})J",
       "{}",
       1, R"J(division by zero)J"},
      {R"J({{ [1, 2] < 'a' }})J",
       "{}",
       1, R"J('<' not supported between instances of 'list' and 'str')J"},
      {R"J(

{{ foo() }})J",
       "{}",
       3, R"J('foo' is undefined)J"},
      {R"J({{ 'abc'.nope() }})J",
       "{}",
       1, R"J('str object' has no attribute 'nope')J"},
      {R"J({{ messages[0].role }})J",
       "{}",
       1, R"J(list object has no element 0)J"},
      {R"J(line1
{% if true %}
  {{ raise_exception('System role not supported') }}
{% endif %})J",
       "{}",
       3, R"J(System role not supported)J"},
      {R"J({% for x in 5 %}{% endfor %})J",
       "{}",
       1, R"J('int' object is not iterable)J"},
      {R"J({% for x in none %}{% endfor %})J",
       "{}",
       1, R"J('NoneType' object is not iterable)J"},
      {R"J({{ range(100001)|length }})J",
       "{}",
       1, R"J(Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).)J"},
      {R"J({% set a, b = [1, 2, 3] %})J",
       "{}",
       1, R"J(too many values to unpack (expected 2))J"},
      {R"J({{ 5|indent }})J",
       "{}",
       1, R"J(unsupported operand type(s) for +=: 'int' and 'str')J"},
      {R"J({% set x = true %}{{ x[1:] }})J",
       "{}",
       1, R"J('bool' object is not subscriptable)J"},
  }));
}

}  // namespace
}  // namespace tessera::chat
