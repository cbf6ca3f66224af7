<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>tessera::gui::LibraryPanel</name>
    <message numerus="yes">
        <location filename="../gui/library/library_panel.cpp" line="+326"/>
        <source>%n model(s)</source>
        <translation>
            <numerusform>%n model</numerusform>
            <numerusform>%n models</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::ModelPanel</name>
    <message numerus="yes">
        <location filename="../gui/models/model_panel.cpp" line="+270"/>
        <source>%1 (%Ln tensor(s))</source>
        <extracomment>Parameter count (e.g. &quot;7.24 B&quot;), then how many tensors hold them.</extracomment>
        <translation>
            <numerusform>%1 (%Ln tensor)</numerusform>
            <numerusform>%1 (%Ln tensors)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <location line="+2"/>
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::RemoteEndpointPanel</name>
    <message numerus="yes">
        <location filename="../gui/remote/remote_endpoint_panel.cpp" line="+169"/>
        <source>The server offers %n model(s).</source>
        <translation>
            <numerusform>The server offers %n model.</numerusform>
            <numerusform>The server offers %n models.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitBenchModel</name>
    <message numerus="yes">
        <location filename="../gui/bench/split_bench_model.cpp" line="+156"/>
        <source>%n suggestion(s) left out: they would not fit the GPUs or the model.</source>
        <translation>
            <numerusform>%n suggestion left out: it would not fit the GPUs or the model.</numerusform>
            <numerusform>%n suggestions left out: they would not fit the GPUs or the model.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+133"/>
        <source>Cancelled after %n split(s) measured.</source>
        <translation>
            <numerusform>Cancelled after %n split measured.</numerusform>
            <numerusform>Cancelled after %n splits measured.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Done: %n split(s) measured.</source>
        <translation>
            <numerusform>Done: %n split measured.</numerusform>
            <numerusform>Done: %n splits measured.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::SplitEditor</name>
    <message numerus="yes">
        <location filename="../gui/gpus/split_editor.cpp" line="+412"/>
        <source>%1 · context %Ln token(s) · %2 KV cache</source>
        <extracomment>The previewed model: its name, the context length, the KV cache precision (F16, F32, Q8_0, Q4_0).</extracomment>
        <translation>
            <numerusform>%1 · context %Ln token · %2 KV cache</numerusform>
            <numerusform>%1 · context %Ln tokens · %2 KV cache</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+71"/>
        <source>Fits: %1 in total on %n GPU(s).</source>
        <translation>
            <numerusform>Fits: %1 in total on %n GPU.</numerusform>
            <numerusform>Fits: %1 in total on %n GPUs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::gui::ThroughputPlot</name>
    <message numerus="yes">
        <location filename="../gui/performance/throughput_plot.cpp" line="+299"/>
        <source>Reply %1: %2 tokens/s, %Ln token(s) so far</source>
        <extracomment>While generating: reply number, current speed, tokens generated so far.</extracomment>
        <translation>
            <numerusform>Reply %1: %2 tokens/s, %Ln token so far</numerusform>
            <numerusform>Reply %1: %2 tokens/s, %Ln tokens so far</numerusform>
        </translation>
    </message>
</context>
</TS>
