package com.fasterxml.jackson.datatype.jsr310;

import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * 4.1 registers Jackson's java.time module on its JSON mapper; Debian packages no such module
 * and the source snapshot's lib/ predates it. An empty module: java.time values, which only
 * some nodetool and virtual-table JSON renders, are written as Jackson writes any bean.
 */
public class JavaTimeModule extends SimpleModule
{
    public JavaTimeModule()
    {
        super("JavaTimeModule");
    }
}
